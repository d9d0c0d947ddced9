type PanelsModule = typeof import('./dashboard-panels.tsx');

let loaded: PanelsModule | undefined;
let loading: Promise<PanelsModule> | undefined;

/**
 * The dashboard panels' chunk (their Mantine parts stay out of the initial JavaScript), loaded by the
 * home route's loader alongside the panels' data. Once it is here the page renders the panels
 * directly: behind React.lazy the first render suspended, and the start's render (a transition)
 * then held back the whole page, its heading included, until the chunk had come and React's
 * 300 ms reveal throttle had passed (as the trends chart did, chart-module.ts).
 */
export function loadDashboardPanels(): Promise<PanelsModule> {
  loading ??= import('./dashboard-panels.tsx').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // A failed download is tried again by the next caller.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The panels component when its chunk has arrived, else undefined. */
export const loadedDashboardPanels = () => loaded?.DashboardPanels;
