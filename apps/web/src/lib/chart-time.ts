import type uPlot from 'uplot';

// Time axes of uPlot charts (trends, application latency) in the 24-hour clock and DD-MM (SPEC.md §9).
const pad = (value: number) => String(value).padStart(2, '0');

/** Axis labels: hours for short ranges, days for long ones. */
export function timeLabels(spanSeconds: number) {
  return (_: uPlot, splits: number[]) =>
    splits.map((seconds) => {
      const date = new Date(seconds * 1000);
      const day = `${pad(date.getDate())}-${pad(date.getMonth() + 1)}`;
      if (spanSeconds > 3 * 86_400) return day;
      const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
      return date.getHours() === 0 && date.getMinutes() === 0 ? `${day}\n${time}` : time;
    });
}

/** The legend's time: DD-MM-YYYY HH:mm. */
export const chartDateTime = (seconds: number) => {
  const date = new Date(seconds * 1000);
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** Axis and grid colours that read in both colour modes. */
export function chartAxis(dark: boolean) {
  const gridColor = dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.09)';
  return {
    stroke: dark ? '#c9c9c9' : '#3b3b3b',
    grid: { stroke: gridColor, width: 1 },
    ticks: { stroke: gridColor },
  };
}
