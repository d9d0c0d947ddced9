import { useComputedColorScheme } from '@mantine/core';
import type { ApplicationChecks } from '@portaal/contracts';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartAxis, chartDateTime, timeLabels } from '../../../lib/chart-time.ts';
import { formatNumber, type Language } from '../../../lib/format.ts';
import classes from './availability.module.css';

export interface LatencyChartProps {
  checks: ApplicationChecks;
  language: Language;
  ariaLabel: string;
  labels: { time: string; latency: string; down: string };
}

/**
 * Latency per bucket (ms) with the share of down checks as bars beneath, drawn by uPlot. A chunk of its
 * own, loaded with the page like the trends chart: uPlot never lands in the initial JavaScript.
 */
export function LatencyChart({ checks, language, ariaLabel, labels }: LatencyChartProps) {
  const container = useRef<HTMLElement>(null);
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const dark = scheme === 'dark';
    const axis = chartAxis(dark);
    const span = (checks.timestamps.at(-1) ?? 0) - (checks.timestamps[0] ?? 0);
    const height = 240;
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height,
      cursor: { points: { size: 6 } },
      legend: { live: true },
      scales: {
        x: { time: true },
        ms: { range: (_, __, max) => [0, max * 1.15 || 1] },
        down: { range: [0, 4] },
      },
      axes: [
        { ...axis, values: timeLabels(span) },
        {
          ...axis,
          scale: 'ms',
          size: 64,
          label: 'ms',
          labelSize: 18,
          values: (_, splits) => splits.map((split) => formatNumber(split, language)),
        },
      ],
      series: [
        { label: labels.time, value: (_, seconds) => (seconds === null ? '–' : chartDateTime(seconds)) },
        {
          label: labels.latency,
          scale: 'ms',
          stroke: dark ? '#74c0fc' : '#1864ab',
          width: 1.5,
          value: (_, raw) => (raw === null ? '–' : `${formatNumber(raw, language)} ms`),
        },
        {
          label: labels.down,
          scale: 'down',
          stroke: dark ? '#ff8787' : '#c92a2a',
          fill: dark ? 'rgba(255,135,135,0.5)' : 'rgba(201,42,42,0.45)',
          width: 0,
          paths: uPlot.paths.bars?.({ size: [1, Number.POSITIVE_INFINITY] }),
          value: (_, raw) => (raw === null ? '–' : `${formatNumber(raw * 100, language)}%`),
        },
      ],
    };
    const data: uPlot.AlignedData = [checks.timestamps, checks.latency_ms, checks.down];
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(200, element.clientWidth), height }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [checks, language, scheme, labels]);

  return <figure ref={container} className={classes.chart} aria-label={ariaLabel} />;
}
