import autocannon from 'autocannon';

export interface NextRequest {
  path: string;
  headers?: Record<string, string>;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationS: number;
  /** Called once per request; a fresh sequence per run keeps both servers on the same inputs. */
  nextRequest(): NextRequest;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCounts: Record<string, number>;
  durationS: number;
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/**
 * One autocannon run. Latencies are collected from the response events instead of autocannon's
 * histogram, which keeps whole milliseconds only: p50 of a 2 ms call needs the fraction.
 */
export function runLoad({ url, connections, durationS, nextRequest }: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url,
        connections,
        duration: durationS,
        timeout: 10,
        requests: [
          {
            method: 'GET',
            // autocannon reuses the object it passes in, so each call returns a new one.
            setupRequest: (request) => {
              const next = nextRequest();
              return { ...request, path: next.path, headers: { ...request.headers, ...next.headers } };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = Float64Array.from(latencies).sort();
        const sum = latencies.reduce((total, value) => total + value, 0);
        const statusCounts: Record<string, number> = {};
        for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
          statusCounts[code] = stats.count ?? 0;
        resolve({
          requestsPerSecond: result.requests.average,
          p50Ms: percentile(sorted, 0.5),
          p99Ms: percentile(sorted, 0.99),
          meanMs: latencies.length ? sum / latencies.length : Number.NaN,
          total: latencies.length,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          statusCounts,
          durationS: result.duration,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
}

export interface Measurement {
  warmup: LoadResult;
  result: LoadResult;
}

/** A warm-up (JIT, pools, caches; thrown away) followed by the measured run. */
export async function measure(
  options: Omit<LoadOptions, 'durationS' | 'nextRequest'> & {
    warmupS: number;
    durationS: number;
    sequence(): () => NextRequest;
  },
): Promise<Measurement> {
  const warmup = await runLoad({ ...options, durationS: options.warmupS, nextRequest: options.sequence() });
  const result = await runLoad({ ...options, durationS: options.durationS, nextRequest: options.sequence() });
  return { warmup, result };
}
