import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
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
  /** A 1-minute load average above 0.5 before the benchmark starts means someone else is busy. */
  busyBefore: boolean;
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
    busyBefore: (os.loadavg()[0] ?? 0) > 0.5,
    autocannon: autocannonPackage,
    commit,
  };
}

export interface CpuSnapshot {
  /** Ticks of the whole machine's capacity so far (/proc/stat, all CPUs). */
  capacity: number;
  /**
   * CPU ticks of every user-space process that is not this benchmark or one of its descendants,
   * including the exited children they waited for (so a test run that ended in between counts).
   */
  others: Map<number, number>;
}

/**
 * Linux only (undefined elsewhere). Kernel threads are left out on purpose: loopback networking
 * done on the benchmark's behalf shows up there and would be mistaken for other work.
 */
export async function cpuSnapshot(): Promise<CpuSnapshot | undefined> {
  const stat = await readFile('/proc/stat', 'utf8').catch(() => undefined);
  const line = stat?.split('\n')[0];
  if (!line?.startsWith('cpu ')) return undefined;
  const capacity = line
    .split(/\s+/)
    .slice(1, 8)
    .reduce((sum, value) => sum + Number(value), 0);
  const entries = await readdir('/proc').catch(() => []);
  const processes = new Map<number, { parent: number; ticks: number }>();
  await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry))
      .map(async (entry) => {
        const text = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
        // Fields after the command name, which may itself contain spaces and parentheses.
        const fields = text
          .slice(text.lastIndexOf(')') + 2)
          .split(' ')
          .map(Number);
        const [parent = 0, utime = 0, stime = 0, cutime = 0, cstime = 0] = [1, 11, 12, 13, 14].map(
          (index) => fields[index] ?? 0,
        );
        processes.set(Number(entry), { parent, ticks: utime + stime + cutime + cstime });
      }),
  );
  const ours = (pid: number): boolean => {
    for (let current = pid, depth = 0; current > 1 && depth < 50; depth++) {
      if (current === process.pid) return true;
      current = processes.get(current)?.parent ?? 0;
    }
    return false;
  };
  const others = new Map<number, number>();
  for (const [pid, info] of processes) {
    const kernel = pid === 2 || info.parent === 2;
    if (!kernel && !ours(pid)) others.set(pid, info.ticks);
  }
  return { capacity, others };
}

/**
 * Share of the machine's CPU capacity that other processes used between two snapshots: a number
 * well above zero means the figures in between were disturbed by other work.
 */
export function otherWorkShare(before: CpuSnapshot, after: CpuSnapshot): number {
  let ticks = 0;
  for (const [pid, value] of after.others) ticks += Math.max(0, value - (before.others.get(pid) ?? 0));
  // A process that ended in between lands in its parent's child time with its whole life: take off
  // the part it had already used before the first snapshot.
  for (const [pid, value] of before.others) if (!after.others.has(pid)) ticks -= value;
  const capacity = after.capacity - before.capacity;
  return capacity > 0 ? Math.min(1, Math.max(0, ticks) / capacity) : 0;
}
