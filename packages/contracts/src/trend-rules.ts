// The trends rules without zod, so the web app's routes can use them without bringing zod into the start.

/** DESIGN.md §8 Trends: the graph types and the metrics each one draws. */
export const graphTypes = ['cpu', 'memory', 'disk', 'disk_io', 'network', 'load'] as const;
export type GraphType = (typeof graphTypes)[number];

export const metricNames = ['cpu', 'memory', 'disk', 'disk_io', 'net_in', 'net_out', 'load'] as const;
export type MetricName = (typeof metricNames)[number];

/** The metrics behind each graph: network draws in and out, every other graph one metric. */
export const graphMetrics: Record<GraphType, readonly MetricName[]> = {
  cpu: ['cpu'],
  memory: ['memory'],
  disk: ['disk'],
  disk_io: ['disk_io'],
  network: ['net_in', 'net_out'],
  load: ['load'],
};

/** SPEC.md §9: units are kept literal (Mbps, MiB); load has none. */
export const graphUnits: Record<GraphType, '%' | 'MiB/s' | 'Mbps' | ''> = {
  cpu: '%',
  memory: '%',
  disk: '%',
  disk_io: 'MiB/s',
  network: 'Mbps',
  load: '',
};

/** Samples are kept per minute: no bucket is narrower. */
export const MIN_BUCKET_SECONDS = 60;
/**
 * Long ranges are bucketed in whole 5 minutes from a 5-minute boundary, in whole 15 minutes from a
 * 15-minute boundary when that gives as many buckets (decision 0018), so the database answers them
 * from its 5- or 15-minute rollups instead of every sample.
 */
export const ROLLUP_SECONDS = 300;
export const COARSE_ROLLUP_SECONDS = 900;
/**
 * Buckets of at least 15 minutes are long enough to be rounded up to whole 5 minutes: a call gets at
 * least three quarters of the points it asked for. Shorter buckets stay range / width.
 */
export const ROLLUP_FROM_BUCKET_SECONDS = 900;
/** At most this many servers in one trends call (one chart stays readable, the answer stays small). */
export const TRENDS_MAX_SERVERS = 20;
/** The longest range one trends call covers. */
export const TRENDS_MAX_RANGE_DAYS = 400;
export const TRENDS_MAX_WIDTH = 4000;
export const TRENDS_DEFAULT_WIDTH = 1000;

/**
 * A server is a landscape object: `devices/{key}` or `virtual-machines/{key}`. The key is letters,
 * digits, dots, dashes and underscores, never `.` or `..` alone, so an id never walks a path.
 */
export const SERVER_ID_PATTERN = /^(devices|virtual-machines)\/(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;
