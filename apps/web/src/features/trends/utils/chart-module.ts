import { preloadableModule } from '../../../lib/preloadable-module.ts';

/**
 * The chart's chunk (uPlot stays out of the initial JavaScript), started by the route's loader in
 * parallel with the data; the page renders the chart directly once it is here (behind React.lazy a
 * chart whose data arrived first suspended once, nearly all of the `trends-draw` measure).
 */
const chart = preloadableModule(() => import('../components/trend-chart.tsx'));

export const loadTrendChart = chart.load;

/** The chart component when its chunk has arrived, else undefined. */
export const loadedTrendChart = () => chart.loaded()?.TrendChart;
