import { useComputedColorScheme } from '@mantine/core';
import type { Trends } from '@portaal/contracts';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartAxis, chartDateTime, timeLabels } from '../../../lib/chart-time.ts';
import { formatNumber, type Language } from '../../../lib/format.ts';
import { markChartDrawn } from '../utils/chart-marks.ts';
import { seriesColor } from '../utils/series-colors.ts';
import classes from './trends.module.css';

export interface TrendChartProps {
  trends: Trends;
  /** The legend's name of each series (server name, with in/out for network). */
  labels: string[];
  language: Language;
  /** Accessible name of the chart: graph, servers and range in words. */
  ariaLabel: string;
  /** The legend's label of the time column, in the user's language. */
  timeLabel: string;
  height?: number;
}

/** Every chart of the page moves one cursor (DESIGN.md §8: a shared cursor). */
export const CURSOR_SYNC_KEY = 'portaal-trends';

/**
 * One graph drawn by uPlot from the API's columnar answer as it arrives (timestamps and one value
 * array per series). Loaded as a chunk of its own: uPlot never lands in the initial JavaScript.
 */
export function TrendChart({
  trends,
  labels,
  language,
  ariaLabel,
  timeLabel,
  height = 260,
}: TrendChartProps) {
  const container = useRef<HTMLElement>(null);
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const dark = scheme === 'dark';
    const unit = trends.unit;
    const show = (raw: number | null | undefined) =>
      raw === null || raw === undefined ? '–' : `${formatNumber(raw, language)}${unit ? ` ${unit}` : ''}`;
    const span = (trends.timestamps.at(-1) ?? 0) - (trends.timestamps[0] ?? 0);
    const axis = chartAxis(dark);
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height,
      cursor: { sync: { key: CURSOR_SYNC_KEY }, points: { size: 6 } },
      legend: { live: true },
      scales: {
        x: { time: true },
        y: {
          range: (_, min, max) => [Math.min(0, min), unit === '%' ? Math.max(100, max) : max * 1.1 || 1],
        },
      },
      axes: [
        { ...axis, values: timeLabels(span) },
        {
          ...axis,
          size: 64,
          values: (_, splits) => splits.map((split) => formatNumber(split, language)),
          label: unit || undefined,
          labelSize: unit ? 18 : 0,
        },
      ],
      series: [
        { label: timeLabel, value: (_, seconds) => (seconds === null ? '–' : chartDateTime(seconds)) },
        ...trends.series.map((_, index) => ({
          label: labels[index] ?? '',
          stroke: seriesColor(index, dark),
          width: 1.5,
          value: (_: uPlot, raw: number | null) => show(raw),
        })),
      ],
      hooks: { draw: [() => markChartDrawn()] },
    };
    const data: uPlot.AlignedData = [trends.timestamps, ...trends.series.map((series) => series.values)];
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(200, element.clientWidth), height }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [trends, labels, language, scheme, height, timeLabel]);

  return <figure ref={container} className={classes.chart} aria-label={ariaLabel} />;
}
