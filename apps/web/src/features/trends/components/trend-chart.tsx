import { useComputedColorScheme } from '@mantine/core';
import type { Trends } from '@portaal/contracts';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
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

const pad = (value: number) => String(value).padStart(2, '0');

/** Time axis labels in the 24-hour clock and DD-MM (SPEC.md §9): hours for short ranges, days for long. */
function timeLabels(spanSeconds: number) {
  return (_: uPlot, splits: number[]) =>
    splits.map((seconds) => {
      const date = new Date(seconds * 1000);
      const day = `${pad(date.getDate())}-${pad(date.getMonth() + 1)}`;
      if (spanSeconds > 3 * 86_400) return day;
      const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
      return date.getHours() === 0 && date.getMinutes() === 0 ? `${day}\n${time}` : time;
    });
}

const dateTime = (seconds: number) => {
  const date = new Date(seconds * 1000);
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

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
    const axisColor = dark ? '#c9c9c9' : '#3b3b3b';
    const gridColor = dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.09)';
    const unit = trends.unit;
    const show = (raw: number | null | undefined) =>
      raw === null || raw === undefined ? '–' : `${formatNumber(raw, language)}${unit ? ` ${unit}` : ''}`;
    const span = (trends.timestamps.at(-1) ?? 0) - (trends.timestamps[0] ?? 0);
    const axis = { stroke: axisColor, grid: { stroke: gridColor, width: 1 }, ticks: { stroke: gridColor } };
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
        { label: timeLabel, value: (_, seconds) => (seconds === null ? '–' : dateTime(seconds)) },
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
