import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatNumber, type SectionReport, table } from './report.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Groups a script by what a reader can act on: a package, the product's own code, Node or V8. */
function owner(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node: internals';
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const modules = file.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope = '', name = ''] = file.slice(modules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const repo = /\/(apps\/[^/]+|packages\/[^/]+|bench)\//.exec(file);
  return repo?.[1] ?? file;
}

function selfTimes(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const perOwner = new Map<string, number>();
  const perFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    if (!node) return;
    total += delta;
    const { functionName, url, lineNumber } = node.callFrame;
    const group = owner(url, functionName);
    perOwner.set(group, (perOwner.get(group) ?? 0) + delta);
    const where = url ? `${group}:${path.basename(url)}:${lineNumber + 1}` : group;
    const key = `${functionName || '(anonymous)'} (${where})`;
    perFunction.set(key, (perFunction.get(key) ?? 0) + delta);
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
  return { total, owners: top(perOwner, 15), functions: top(perFunction, 20) };
}

/** Self time per package and per function of each V8 CPU profile in a folder, as report sections. */
export async function summariseProfiles(directory: string): Promise<SectionReport> {
  const files = (await readdir(directory).catch(() => []))
    .filter((file) => file.endsWith('.cpuprofile'))
    .sort();
  const body: string[] = [
    `V8 CPU profiles of the server processes (whole life: start-up, warm-ups, measured runs) in \`${path.basename(directory)}\`; ` +
      'self time only. Open a file in Chrome DevTools (Performance) for call trees.',
    '',
  ];
  for (const file of files) {
    const profile = JSON.parse(await readFile(path.join(directory, file), 'utf8')) as CpuProfile;
    const { total, owners, functions } = selfTimes(profile);
    const share = (micros: number) => `${formatNumber((100 * micros) / total)} %`;
    body.push(
      `### ${file}`,
      '',
      ...table(
        ['Self time by package', 'ms', 'share'],
        owners.map(([name, micros]) => [name, formatNumber(micros / 1000), share(micros)]),
        ['l', 'r', 'r'],
      ),
      '',
      ...table(
        ['Top functions (self)', 'ms', 'share'],
        functions.map(([name, micros]) => [name, formatNumber(micros / 1000), share(micros)]),
        ['l', 'r', 'r'],
      ),
      '',
    );
  }
  if (files.length === 0) body.push('No profiles were written (did a server process crash?).');
  return { title: 'CPU profiles', body, targets: [], failures: [] };
}

// `npm exec -- node bench/profile-summary.ts <folder>` prints the summary of profiles taken by other means.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const directory = process.argv[2];
  if (!directory) {
    process.stderr.write(
      'usage: npm exec -- node bench/profile-summary.ts <folder with .cpuprofile files>\n',
    );
    process.exit(2);
  }
  summariseProfiles(directory).then((section) => process.stdout.write(`${section.body.join('\n')}\n`));
}
