// Runs the e2e suite in E2E_SHARDS shards at once (default 2), each a Playwright run with a product,
// an embedded PostgreSQL, a database and ports of its own (E2E_PORT, +10, +20, …), so that no shard
// sees another's changes. The spec files are dealt out longest first by the durations in
// durations.json (a new file counts as the median), and each shard's lines carry its number.
// With arguments (files, -g, --repeat-each …), it runs one Playwright with them instead.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const basePort = Number(process.env.E2E_PORT ?? 3100);
const shardCount = args.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2));

/** The spec files in `shardCount` groups of about equal recorded duration, longest first. */
function dealSpecs(count: number): string[][] {
  const specs = readdirSync(path.join(here, 'tests')).filter((name) => name.endsWith('.spec.ts'));
  const durations = JSON.parse(readFileSync(path.join(here, 'durations.json'), 'utf8')) as Record<
    string,
    number
  >;
  const known = Object.values(durations).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 60;
  const seconds = (spec: string) => durations[spec] ?? median;
  const shards = Array.from({ length: count }, () => ({ seconds: 0, specs: [] as string[] }));
  for (const spec of specs.sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    lightest.specs.push(`tests/${spec}`);
    lightest.seconds += seconds(spec);
  }
  return shards.map((shard) => shard.specs);
}

function run(shardArgs: string[], env: Record<string, string>, label: string): Promise<number> {
  const child = spawn('playwright', ['test', '-c', 'playwright.config.ts', ...shardArgs], {
    cwd: here,
    env: { ...process.env, ...env },
    stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (label) {
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${label} ${line}\n`));
    }
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => child.kill(signal));
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

if (shardCount === 1) {
  process.exit(await run(args, {}, ''));
}

// One build before the shards start, so that they do not build the web app at the same time.
execFileSync(process.execPath, [path.join(here, '../scripts/prepare-web.mjs')], { stdio: 'inherit' });
const groups = dealSpecs(shardCount).filter((group) => group.length > 0);
const started = performance.now();
const codes = await Promise.all(
  groups.map((specs, index) =>
    run(
      specs,
      { E2E_PORT: String(basePort + 10 * index), E2E_SHARD: String(index + 1) },
      `[${index + 1}/${groups.length}]`,
    ),
  ),
);
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
console.log(`e2e: ${groups.length} shards, exit codes ${codes.join(', ')}, ${minutes} min`);
process.exit(Math.max(...codes));
