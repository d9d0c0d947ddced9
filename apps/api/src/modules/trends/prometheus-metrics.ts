import { graphMetrics, type MetricName, type ServerLoad, type TrendSeries } from '@portaal/contracts';
import { AppError } from '../../lib/app-error.ts';
import {
  bucketStarts,
  emptyPoints,
  type MetricServer,
  type MetricsSource,
  round2,
  type SeriesRequest,
} from './metrics-source.ts';

export interface PrometheusOptions {
  url: string;
  /** The label whose value is the server's name, as in the landscape (`instance`, `nodename`, …). */
  serverLabel: string;
  /** The label that holds a customer's `prometheus_tenant` link value. */
  tenantLabel: string;
  timeoutMs: number;
}

/** PromQL string literal: backslash and double quote escaped (the label values are names, not input). */
const literal = (value: string) =>
  `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

/** RE2 literal inside a PromQL string: the name matches itself and nothing else. */
const reLiteral = (value: string) => value.replace(/[\\.+*?()|[\]{}^$]/g, (char) => `\\${char}`);

/**
 * node_exporter's metrics as the graphs of DESIGN.md §8 want them: %, MiB/s and Mbps. `S` is the
 * selector of the customer's servers, `L` the server label, `W` the rate window.
 */
const queries: Record<MetricName, (S: string, L: string, W: string) => string> = {
  cpu: (S, L, W) => `100 * (1 - avg by (${L}) (rate(node_cpu_seconds_total{mode="idle",${S}}[${W}])))`,
  memory: (S, L) =>
    `100 * (1 - sum by (${L}) (node_memory_MemAvailable_bytes{${S}}) / sum by (${L}) (node_memory_MemTotal_bytes{${S}}))`,
  disk: (S, L) => {
    const fs = `fstype!~"tmpfs|overlay|squashfs",${S}`;
    return `100 * (1 - sum by (${L}) (node_filesystem_avail_bytes{${fs}}) / sum by (${L}) (node_filesystem_size_bytes{${fs}}))`;
  },
  disk_io: (S, L, W) =>
    `(sum by (${L}) (rate(node_disk_read_bytes_total{${S}}[${W}])) + sum by (${L}) (rate(node_disk_written_bytes_total{${S}}[${W}]))) / 1048576`,
  net_in: (S, L, W) =>
    `sum by (${L}) (rate(node_network_receive_bytes_total{device!="lo",${S}}[${W}])) * 8 / 1e6`,
  net_out: (S, L, W) =>
    `sum by (${L}) (rate(node_network_transmit_bytes_total{device!="lo",${S}}[${W}])) * 8 / 1e6`,
  load: (S, L) => `max by (${L}) (node_load1{${S}})`,
};

interface PromSeries {
  metric: Record<string, string>;
  values?: [number, string][];
  value?: [number, string];
}

const unavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', 503, 'The metrics service does not answer; try again later.');

/**
 * The Prometheus metrics source (DESIGN.md §8): `query_range` with step = range / width. Prometheus
 * evaluates each step at one instant (rates over max(5 minutes, step)), so min and max per bucket are
 * that value too; the database source has true minima and maxima.
 */
export function createPrometheusMetrics(options: PrometheusOptions): MetricsSource {
  const base = options.url.replace(/\/+$/, '');
  const L = options.serverLabel;

  function selector(servers: MetricServer[], tenant: string | null): string {
    const names = servers.map((server) => reLiteral(server.name)).join('|');
    const parts = [`${L}=~${literal(names)}`];
    if (tenant !== null) parts.push(`${options.tenantLabel}=${literal(tenant)}`);
    return parts.join(',');
  }

  async function call(endpoint: string, params: Record<string, string>): Promise<PromSeries[]> {
    let response: Response;
    try {
      response = await fetch(`${base}/api/v1/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    const body = (await response.json().catch(() => null)) as {
      status?: string;
      data?: { result?: PromSeries[] };
    } | null;
    if (!response.ok || body?.status !== 'success' || !Array.isArray(body.data?.result)) throw unavailable();
    return body.data.result;
  }

  const parse = (text: string): number | null => {
    const value = Number(text);
    return Number.isFinite(value) ? round2(value) : null;
  };

  async function current(servers: MetricServer[], tenant: string | null): Promise<Map<string, ServerLoad>> {
    const loads = new Map<string, ServerLoad>();
    if (servers.length === 0) return loads;
    const byName = new Map(servers.map((server) => [server.name, server.id]));
    const S = selector(servers, tenant);
    // CPU as a rate over 15 minutes is its mean over them: the sustained load.
    const wanted = [
      ['cpu', queries.cpu(S, L, '5m')],
      ['memory', queries.memory(S, L, '5m')],
      ['load', queries.load(S, L, '5m')],
      ['cpu_15m', queries.cpu(S, L, '15m')],
    ] as const;
    const results = await Promise.all(wanted.map(([, query]) => call('query', { query })));
    wanted.forEach(([metric], metricIndex) => {
      for (const entry of results[metricIndex] ?? []) {
        const id = byName.get(entry.metric[L] ?? '');
        if (!id || !entry.value) continue;
        const at = new Date(entry.value[0] * 1000).toISOString();
        const load = loads.get(id) ?? { at, cpu: null, memory: null, load: null, cpu_15m: null };
        load[metric] = parse(entry.value[1]);
        loads.set(id, load);
      }
    });
    return loads;
  }

  return {
    usesTenant: true,

    async series({ servers, graph, from, to, stepSeconds, tenant }: SeriesRequest) {
      const timestamps = bucketStarts(from, to, stepSeconds);
      const start = timestamps[0] ?? Math.floor(from.getTime() / 1000);
      const end = timestamps.at(-1) ?? start;
      const byName = new Map(servers.map((server) => [server.name, server.id]));
      const S = selector(servers, tenant);
      const W = `${Math.max(300, stepSeconds)}s`;
      const metrics = graphMetrics[graph];
      const results = await Promise.all(
        metrics.map((metric) =>
          call('query_range', {
            query: queries[metric](S, L, W),
            start: String(start),
            end: String(end),
            step: `${stepSeconds}s`,
          }),
        ),
      );
      const series: TrendSeries[] = [];
      metrics.forEach((metric, metricIndex) => {
        const found = new Map<string, PromSeries>();
        for (const entry of results[metricIndex] ?? []) {
          const id = byName.get(entry.metric[L] ?? '');
          if (id) found.set(id, entry);
        }
        for (const server of servers) {
          const values = emptyPoints(timestamps.length);
          for (const [time, text] of found.get(server.id)?.values ?? []) {
            const index = Math.round((time - start) / stepSeconds);
            if (index >= 0 && index < values.length) values[index] = parse(text);
          }
          series.push({ server_id: server.id, metric, values, min: [...values], max: [...values] });
        }
      });
      return { timestamps, series };
    },

    current,

    async sustained({ percent, tenant, servers }) {
      // Prometheus keeps no list of its own to match names against, so it asks about the customer's
      // servers; the comparison leaves only the busy ones in the answer, whose loads are then read.
      const list = await servers();
      if (list.length === 0) return new Map<string, ServerLoad>();
      const byName = new Map(list.map((server) => [server.name, server]));
      const busy = await call('query', {
        query: `${queries.cpu(selector(list, tenant), L, '15m')} >= ${Number(percent)}`,
      });
      const found = busy.flatMap((entry) => byName.get(entry.metric[L] ?? '') ?? []);
      return found.length ? current(found, tenant) : new Map<string, ServerLoad>();
    },
  };
}
