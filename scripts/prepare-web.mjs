// Builds the web app when its build is missing or older than its sources, so `npm start` on a fresh
// clone serves a current app without a separate build step, and a restart costs nothing. Quiet: one
// line while it builds; the build's own output only when it fails.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const built = path.join(web, 'dist/index.html');
const sources = [
  path.join(web, 'src'),
  path.join(web, 'public'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(root, 'packages/contracts/src'),
];

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

/** Resolves when the build is current; rejects with the build's output when it fails. */
export async function prepareWeb({ say = (line) => process.stdout.write(`${line}\n`) } = {}) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (builtAt !== 0 && !sources.some((source) => newest(source) > builtAt)) return;
  const started = performance.now();
  say('Building the web app…');
  const output = [];
  const child = spawn('npm', ['run', 'build', '--silent', '-w', 'apps/web'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const code = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) {
    throw new Error(`The web app's build failed (exit ${code}):\n${Buffer.concat(output).toString()}`);
  }
  say(`Built the web app in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  prepareWeb().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
