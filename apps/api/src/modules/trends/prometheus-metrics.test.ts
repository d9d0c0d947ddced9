import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/ports.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MetricsSource } from './metrics-source.ts';
import { createPrometheusMetrics } from './prometheus-metrics.ts';

/**
 * The Prometheus adapter against a real Prometheus (Debian's `prometheus` package): node_exporter
 * series written as OpenMetrics, loaded with `promtool tsdb create-blocks-from openmetrics`, served by
 * a Prometheus this test starts on a free loopback port and stops at the end.
 */
const PROMETHEUS = '/usr/bin/prometheus';
const PROMTOOL = '/usr/bin/promtool';
const missing = [PROMETHEUS, PROMTOOL].filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.warn(
    `Skipping the Prometheus adapter test: ${missing.join(' and ')} not found (apt-get install prometheus)`,
  );
}

const run = promisify(execFile);
const TENANT = 'gouden-korst';
const MINUTES = 180;
/**
 * The series run 10 minutes past now, as a live Prometheus's would run up to now: the "current" rates
 * then see a full 5-minute window however long the set-up took.
 */
const now = Math.floor(Date.now() / 1000);
const end = Math.floor(now / 60) * 60 + 600;
const start = end - (MINUTES - 1) * 60;

interface Host {
  name: string;
  tenant: string;
  load: number;
  /** Idle CPU seconds per second (1 core): 0.75 means 25 % busy. */
  idle: number;
  memoryUsed: number;
  rxBytes: number;
  txBytes: number;
  readBytes: number;
  writeBytes: number;
  diskUsed: number;
}

const hosts: Host[] = [
  {
    name: 'gk-web01',
    tenant: TENANT,
    load: 1.5,
    idle: 0.75,
    memoryUsed: 0.4,
    rxBytes: 1_250_000,
    txBytes: 625_000,
    readBytes: 1_048_576,
    writeBytes: 2_097_152,
    diskUsed: 0.3,
  },
  {
    name: 'gk-db01',
    tenant: TENANT,
    load: 0.5,
    idle: 0.4,
    memoryUsed: 0.8,
    rxBytes: 250_000,
    txBytes: 125_000,
    readBytes: 0,
    writeBytes: 524_288,
    diskUsed: 0.65,
  },
  // Another customer's machine with the same name: the tenant label keeps it out.
  {
    name: 'gk-web01',
    tenant: 'someone-else',
    load: 9.9,
    idle: 0,
    memoryUsed: 0.99,
    rxBytes: 1,
    txBytes: 1,
    readBytes: 1,
    writeBytes: 1,
    diskUsed: 0.99,
  },
];

function openMetrics(): string {
  const lines: string[] = [];
  const family = (
    name: string,
    type: 'gauge' | 'counter',
    sample: string,
    value: (host: Host, minute: number) => number,
    extra = '',
  ) => {
    lines.push(`# TYPE ${name} ${type}`);
    for (const host of hosts) {
      for (let minute = 0; minute < MINUTES; minute++) {
        const at = start + minute * 60;
        lines.push(
          `${sample}{instance="${host.name}",tenant="${host.tenant}"${extra}} ${value(host, minute)} ${at}`,
        );
      }
    }
  };
  const GiB = 1024 ** 3;
  family('node_load1', 'gauge', 'node_load1', (host) => host.load);
  family(
    'node_cpu_seconds',
    'counter',
    'node_cpu_seconds_total',
    (host, minute) => host.idle * 60 * minute,
    ',cpu="0",mode="idle"',
  );
  family('node_memory_MemTotal_bytes', 'gauge', 'node_memory_MemTotal_bytes', () => 16 * GiB);
  family(
    'node_memory_MemAvailable_bytes',
    'gauge',
    'node_memory_MemAvailable_bytes',
    (host) => 16 * GiB * (1 - host.memoryUsed),
  );
  family(
    'node_filesystem_size_bytes',
    'gauge',
    'node_filesystem_size_bytes',
    () => 100 * GiB,
    ',fstype="ext4",mountpoint="/"',
  );
  family(
    'node_filesystem_avail_bytes',
    'gauge',
    'node_filesystem_avail_bytes',
    (host) => 100 * GiB * (1 - host.diskUsed),
    ',fstype="ext4",mountpoint="/"',
  );
  family(
    'node_network_receive_bytes',
    'counter',
    'node_network_receive_bytes_total',
    (host, minute) => host.rxBytes * 60 * minute,
    ',device="eth0"',
  );
  family(
    'node_network_transmit_bytes',
    'counter',
    'node_network_transmit_bytes_total',
    (host, minute) => host.txBytes * 60 * minute,
    ',device="eth0"',
  );
  family(
    'node_disk_read_bytes',
    'counter',
    'node_disk_read_bytes_total',
    (host, minute) => host.readBytes * 60 * minute,
    ',device="sda"',
  );
  family(
    'node_disk_written_bytes',
    'counter',
    'node_disk_written_bytes_total',
    (host, minute) => host.writeBytes * 60 * minute,
    ',device="sda"',
  );
  lines.push('# EOF', '');
  return lines.join('\n');
}

const servers = [
  { id: 'devices/11', name: 'gk-web01' },
  { id: 'virtual-machines/12', name: 'gk-db01' },
];

describe.skipIf(missing.length > 0)('Prometheus metrics source', () => {
  let dir = '';
  let prometheus: ChildProcess | undefined;
  let source: MetricsSource;
  let log = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portaal-prometheus-'));
    const input = path.join(dir, 'series.om');
    const data = path.join(dir, 'data');
    await writeFile(input, openMetrics());
    await run(PROMTOOL, ['tsdb', 'create-blocks-from', 'openmetrics', input, data], { timeout: 60_000 });
    await writeFile(path.join(dir, 'prometheus.yml'), 'global:\n  scrape_interval: 1m\n');
    const port = await freePort();
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${data}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--storage.tsdb.retention.time=30d',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    prometheus.stderr?.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
    });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 45_000;
    for (;;) {
      const ready = await fetch(`${url}/-/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline || prometheus.exitCode !== null) {
        throw new Error(`Prometheus did not become ready:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    source = createPrometheusMetrics({
      url,
      serverLabel: 'instance',
      tenantLabel: 'tenant',
      timeoutMs: 10_000,
    });
  }, 90_000);

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus?.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (prometheus.exitCode === null) prometheus.kill('SIGKILL');
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const range = (stepSeconds: number) => ({
    servers,
    from: new Date((start + 600) * 1000),
    to: new Date(now * 1000),
    stepSeconds,
    tenant: TENANT,
  });
  const values = (answer: Awaited<ReturnType<MetricsSource['series']>>, serverId: string, metric: string) =>
    answer.series.find((series) => series.server_id === serverId && series.metric === metric)?.values ?? [];
  const settled = (points: (number | null)[]) => points.filter((value): value is number => value !== null);

  it('answers one value per step for every server, in the graph units', async () => {
    const load = await source.series({ ...range(300), graph: 'load' });
    expect((load.timestamps[1] ?? 0) - (load.timestamps[0] ?? 0)).toBe(300);
    expect(load.series.map((series) => series.server_id)).toEqual(['devices/11', 'virtual-machines/12']);
    for (const series of load.series) expect(series.values).toHaveLength(load.timestamps.length);
    // The other tenant's gk-web01 (load 9.9) is never mixed in.
    expect(new Set(settled(values(load, 'devices/11', 'load')))).toEqual(new Set([1.5]));
    expect(settled(values(load, 'devices/11', 'load')).length).toBeGreaterThan(30);
    expect(new Set(settled(values(load, 'virtual-machines/12', 'load')))).toEqual(new Set([0.5]));

    const cpu = await source.series({ ...range(300), graph: 'cpu' });
    for (const value of settled(values(cpu, 'devices/11', 'cpu'))) expect(value).toBeCloseTo(25, 1);
    for (const value of settled(values(cpu, 'virtual-machines/12', 'cpu'))) expect(value).toBeCloseTo(60, 1);

    const network = await source.series({ ...range(600), graph: 'network' });
    expect(network.series.map((series) => `${series.server_id} ${series.metric}`)).toEqual([
      'devices/11 net_in',
      'virtual-machines/12 net_in',
      'devices/11 net_out',
      'virtual-machines/12 net_out',
    ]);
    for (const value of settled(values(network, 'devices/11', 'net_in'))) expect(value).toBeCloseTo(10, 1);
    for (const value of settled(values(network, 'devices/11', 'net_out'))) expect(value).toBeCloseTo(5, 1);

    const io = await source.series({ ...range(300), graph: 'disk_io' });
    for (const value of settled(values(io, 'devices/11', 'disk_io'))) expect(value).toBeCloseTo(3, 1);
    const memory = await source.series({ ...range(300), graph: 'memory' });
    expect(new Set(settled(values(memory, 'virtual-machines/12', 'memory')))).toEqual(new Set([80]));
    const disk = await source.series({ ...range(300), graph: 'disk' });
    expect(new Set(settled(values(disk, 'devices/11', 'disk')))).toEqual(new Set([30]));
  });

  it('leaves buckets without data empty and ignores servers it does not know', async () => {
    const answer = await source.series({
      servers: [
        { id: 'devices/99', name: 'not-there' },
        { id: 'devices/11', name: 'gk-web01' },
      ],
      graph: 'load',
      from: new Date((start - 3600) * 1000),
      to: new Date(now * 1000),
      stepSeconds: 600,
      tenant: TENANT,
    });
    expect(settled(values(answer, 'devices/99', 'load'))).toEqual([]);
    const web = values(answer, 'devices/11', 'load');
    expect(web[0]).toBeNull();
    expect(web.at(-1)).toBe(1.5);
  });

  it('without a tenant link matches on the server label alone', async () => {
    const answer = await source.series({ ...range(300), graph: 'load', tenant: null });
    // Both machines named gk-web01 now answer; max by instance shows the busier one.
    expect(new Set(settled(values(answer, 'devices/11', 'load')))).toEqual(new Set([9.9]));
  });

  it('reads the current load, CPU and memory, and the CPU of the last 15 minutes', async () => {
    const current = await source.current(servers, TENANT);
    expect(current.get('devices/11')).toMatchObject({ load: 1.5, memory: 40 });
    expect(current.get('devices/11')?.cpu).toBeCloseTo(25, 1);
    expect(current.get('devices/11')?.cpu_15m).toBeCloseTo(25, 1);
    expect(current.get('virtual-machines/12')).toMatchObject({ load: 0.5, memory: 80 });
  });

  it('finds the servers under sustained load with one comparison, then reads only their load', async () => {
    const ask = (percent: number, tenant: string | null) =>
      source.sustained({ percent, tenant, servers: async () => servers });
    const busy = await ask(50, TENANT);
    expect([...busy.keys()]).toEqual(['virtual-machines/12']);
    expect(busy.get('virtual-machines/12')).toMatchObject({ load: 0.5, memory: 80 });
    expect(busy.get('virtual-machines/12')?.cpu_15m).toBeCloseTo(60, 1);
    // The other customer's gk-web01 at 100 % stays out by its tenant label…
    expect((await ask(85, TENANT)).size).toBe(0);
    // …and without a tenant link the name alone decides, as for the graphs: both gk-web01 machines
    // are one server of 2 × 1 core, (25 % + 100 %) / 2 busy.
    expect([...(await ask(62, null)).keys()]).toEqual(['devices/11']);
    expect((await source.sustained({ percent: 1, tenant: TENANT, servers: async () => [] })).size).toBe(0);
  });
});

describe('Prometheus metrics source, unreachable', () => {
  it('answers 503 SERVICE_UNAVAILABLE, not a 500', async () => {
    const port = await freePort();
    const source = createPrometheusMetrics({
      url: `http://127.0.0.1:${port}`,
      serverLabel: 'instance',
      tenantLabel: 'tenant',
      timeoutMs: 2000,
    });
    const error = await source
      .series({
        servers,
        graph: 'cpu',
        from: new Date(0),
        to: new Date(3_600_000),
        stepSeconds: 60,
        tenant: null,
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
  });
});
