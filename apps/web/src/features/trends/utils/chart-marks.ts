/**
 * Performance marks around a chart: the answer's arrival and uPlot's first draw after it. The bench
 * reads the `trends-draw` measure in Chromium (bench/trends-suite.ts).
 */
export const CHART_ANSWER_MARK = 'trends-answer';
export const CHART_DRAWN_MARK = 'trends-drawn';
export const CHART_DRAW_MEASURE = 'trends-draw';

export function markChartAnswer(): void {
  performance.clearMarks(CHART_DRAWN_MARK);
  performance.mark(CHART_ANSWER_MARK);
}

export function markChartDrawn(): void {
  if (performance.getEntriesByName(CHART_ANSWER_MARK, 'mark').length === 0) return;
  if (performance.getEntriesByName(CHART_DRAWN_MARK, 'mark').length > 0) return;
  performance.mark(CHART_DRAWN_MARK);
  performance.measure(CHART_DRAW_MEASURE, CHART_ANSWER_MARK, CHART_DRAWN_MARK);
}
