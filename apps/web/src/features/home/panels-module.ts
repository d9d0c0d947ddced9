import { preloadableModule } from '../../lib/preloadable-module.ts';

/**
 * The dashboard panels' chunk (their Mantine parts stay out of the initial JavaScript), loaded by the
 * home route's loader alongside the panels' data; the page renders the panels directly once it is here
 * (behind React.lazy the start's render held back the whole page, its heading included).
 */
const panels = preloadableModule(() => import('./dashboard-panels.tsx'));

export const loadDashboardPanels = panels.load;

/** The panels component when its chunk has arrived, else undefined. */
export const loadedDashboardPanels = () => panels.loaded()?.DashboardPanels;
