import type { MachineFacts } from './machine.ts';

export type Verdict = 'met' | 'not met' | 'not measured';

/** A goal from DESIGN.md or an issue: reported next to the figure, never asserted. */
export interface TargetCheck {
  name: string;
  measured: string;
  target: string;
  verdict: Verdict;
}

export interface SectionReport {
  title: string;
  /** Markdown lines. */
  body: string[];
  targets: TargetCheck[];
  /** Broken measurements (errors, non-2xx answers): the report is still written, the run exits 1. */
  failures: string[];
}

export interface BenchReport {
  startedAt: Date;
  elapsedS: number;
  machine: MachineFacts;
  settings: Record<string, string>;
  preparation: string[];
  sections: SectionReport[];
}

export function check(
  name: string,
  value: number | undefined,
  comparison: '>=' | '<=',
  limit: number,
  unit = '',
) {
  const format = (number: number) => `${formatNumber(number)}${unit}`;
  const verdict: Verdict =
    value === undefined || Number.isNaN(value)
      ? 'not measured'
      : (comparison === '>=' ? value >= limit : value <= limit)
        ? 'met'
        : 'not met';
  return {
    name,
    measured: value === undefined || Number.isNaN(value) ? '—' : format(value),
    target: `${comparison === '>=' ? '≥' : '≤'} ${format(limit)}`,
    verdict,
  } satisfies TargetCheck;
}

/** Three significant figures below 100, whole numbers above, thousands separated. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function table(headers: string[], rows: string[][], align: ('l' | 'r')[] = []): string[] {
  const rule = headers.map((_, index) => (align[index] === 'r' ? '---:' : '---'));
  const line = (cells: string[]) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(headers), `|${rule.join('|')}|`, ...rows.map(line)];
}

const mark = (verdict: Verdict) =>
  verdict === 'met' ? '✅ met' : verdict === 'not met' ? '❌ not met' : '— not measured';

export function renderReport(report: BenchReport): string {
  const { machine } = report;
  const targets = report.sections.flatMap((section) => section.targets);
  const failures = report.sections.flatMap((section) =>
    section.failures.map((failure) => `${section.title}: ${failure}`),
  );
  const lines = [
    `# Portaal benchmark — ${report.startedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    '',
    failures.length
      ? `**FAILED: ${failures.length} broken measurement(s), see below.** Figures of a failed run are not comparable.`
      : `All measurements ran without errors (${report.elapsedS.toFixed(0)} s in total).`,
    '',
    '## Targets',
    '',
    ...table(
      ['Target', 'Measured', 'Target', 'Status'],
      targets.map((target) => [target.name, target.measured, target.target, mark(target.verdict)]),
      ['l', 'r', 'r', 'l'],
    ),
    '',
  ];
  if (failures.length) lines.push('## Failures', '', ...failures.map((failure) => `- ${failure}`), '');
  lines.push(
    '## Machine',
    '',
    `- Node ${machine.node} on ${machine.platform}`,
    `- ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB RAM; load average (1/5/15 min) before the run ${machine.loadAverage}${machine.busyBefore ? ': other work was running' : ''}`,
    `- PostgreSQL ${machine.postgres ?? 'not started'} (embedded), autocannon ${machine.autocannon}`,
    `- Commit ${machine.commit}`,
    '- Load generator, servers and PostgreSQL share this machine and talk over loopback: ratios travel between machines better than absolute figures.',
    '',
    '## Settings',
    '',
    ...Object.entries(report.settings).map(([key, value]) => `- ${key}: ${value}`),
    '',
  );
  if (report.preparation.length) lines.push('## Data', '', ...report.preparation, '');
  for (const section of report.sections) {
    const body = [...section.body];
    while (body.at(-1) === '') body.pop();
    lines.push(`## ${section.title}`, '', ...body, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
