import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export interface MachineFacts {
  node: string;
  platform: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  loadAverage: string;
  autocannon: string;
  commit: string;
  /** Filled in once the embedded PostgreSQL runs. */
  postgres?: string;
}

const run = promisify(execFile);

async function git(root: string, args: string[]): Promise<string> {
  return (await run('git', args, { cwd: root })).stdout.trim();
}

/** Figures from different machines or a busy one are not comparable: say which machine this was. */
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

export async function machineFacts(root: string): Promise<MachineFacts> {
  const cpus = os.cpus();
  const autocannonPackage = await readFile(path.join(root, 'node_modules/autocannon/package.json'), 'utf8')
    .then((text) => (JSON.parse(text) as { version?: string }).version ?? 'unknown')
    .catch(() => 'unknown');
  let commit = 'unknown';
  try {
    const head = await git(root, ['rev-parse', '--short', 'HEAD']);
    const changed = (await git(root, ['status', '--porcelain'])).split('\n').filter(Boolean).length;
    commit = changed ? `${head} with ${changed} uncommitted change(s) in the working tree` : head;
  } catch {
    // Not a git checkout (an unpacked archive): the commit stays unknown.
  }
  return {
    node: process.version,
    platform: `${os.platform()} ${os.arch()} ${os.release()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: loadAverage(),
    autocannon: autocannonPackage,
    commit,
  };
}
