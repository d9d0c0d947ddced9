// Builds the web app when its build is missing or older than its sources, so `npm start` on a fresh
// clone serves a current app without a separate build step, and a restart costs nothing.
import { execFileSync } from 'node:child_process';
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

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (builtAt === 0 || sources.some((source) => newest(source) > builtAt)) {
  process.stdout.write('Building the web app…\n');
  execFileSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
}
