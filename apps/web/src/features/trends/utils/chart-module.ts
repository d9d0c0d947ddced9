type ChartModule = typeof import('../components/trend-chart.tsx');

let loaded: ChartModule | undefined;
let loading: Promise<ChartModule> | undefined;

/**
 * The chart's chunk (uPlot stays out of the initial JavaScript), started by the route's loader in
 * parallel with the data. Once it is here the page renders the chart directly: behind React.lazy a
 * chart whose data arrives first would suspend once, and React reveals a boundary no sooner than
 * 300 ms after its fallback was shown, which was nearly all of the `trends-draw` measure.
 */
export function loadTrendChart(): Promise<ChartModule> {
  loading ??= import('../components/trend-chart.tsx').then(
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

/** The chart component when its chunk has arrived, else undefined. */
export const loadedTrendChart = () => loaded?.TrendChart;
