import type { GraphType, ServerLoad, TrendSeries } from '@portaal/contracts';

/** A server as the metrics sources know it: the landscape id and the name its exporters report. */
export interface MetricServer {
  id: string;
  name: string;
}

export interface SeriesRequest {
  servers: MetricServer[];
  graph: GraphType;
  /** Start of the first bucket, whole seconds. */
  from: Date;
  to: Date;
  stepSeconds: number;
  /** The customer's `prometheus_tenant` link, when it has one. */
  tenant: string | null;
}

export interface SeriesAnswer {
  timestamps: number[];
  series: TrendSeries[];
}

/** Which servers are under sustained load (the dashboard's busy servers). */
export interface SustainedRequest {
  /** The least mean CPU of the last 15 minutes (`cpu_15m`, %) that counts. */
  percent: number;
  /** The customer's `prometheus_tenant` link, when it has one. */
  tenant: string | null;
  /**
   * The customer's servers, for a source that can only ask about named servers (Prometheus without
   * a tenant label); a source with an index of its own never calls it.
   */
  servers(): Promise<MetricServer[]>;
}

/**
 * Where trend metrics come from (DESIGN.md §8): the database (default, seeded) or Prometheus. The
 * trends service has checked that every server belongs to the customer before asking.
 */
export interface MetricsSource {
  /** Whether answers depend on the customer's prometheus_tenant link (read only when they do). */
  readonly usesTenant: boolean;
  series(request: SeriesRequest): Promise<SeriesAnswer>;
  /** The latest CPU, memory and load of each server, when measured in the last 15 minutes. */
  current(servers: MetricServer[], tenant: string | null): Promise<Map<string, ServerLoad>>;
  /**
   * The servers whose sustained CPU (`cpu_15m`) is at least `percent`, with their current load, by
   * server id, without reading every server's load. The answer may hold servers of other customers
   * (the database source finds them in an index over all series): the caller keeps the customer's.
   */
  sustained(request: SustainedRequest): Promise<Map<string, ServerLoad>>;
}

/** Bucket starts from `from` in steps until `to` (exclusive), in Unix seconds. */
export function bucketStarts(from: Date, to: Date, stepSeconds: number): number[] {
  const start = Math.floor(from.getTime() / 1000);
  const end = to.getTime() / 1000;
  const count = Math.max(1, Math.ceil((end - start) / stepSeconds));
  return Array.from({ length: count }, (_, index) => start + index * stepSeconds);
}

/** Fresh value arrays with a null for every bucket. */
export const emptyPoints = (length: number): (number | null)[] => new Array(length).fill(null);

/** How old the newest sample may be to count as "current". */
export const CURRENT_WINDOW_SECONDS = 15 * 60;

/** Values rounded to what a chart or a legend can show (two decimals); keeps the answer small. */
export const round2 = (value: number) => Math.round(value * 100) / 100;
