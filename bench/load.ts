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
  /** Every response time of the run, sorted; kept so that runs can be combined. */
  latenciesMs: Float64Array;
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

type Counters = Pick<LoadResult, 'non2xx' | 'errors' | 'timeouts' | 'statusCounts' | 'durationS'>;

function summarise(latencies: Float64Array, counters: Counters): LoadResult {
  const sorted = latencies.sort();
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    ...counters,
    requestsPerSecond: sorted.length / counters.durationS,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    meanMs: sorted.length ? sum / sorted.length : Number.NaN,
    total: sorted.length,
    latenciesMs: sorted,
  };
}

/** Several runs against one server as if they were one: all requests, all time. */
export function combineRuns(runs: LoadResult[]): LoadResult {
  const latencies = new Float64Array(runs.reduce((count, run) => count + run.latenciesMs.length, 0));
  let offset = 0;
  const statusCounts: Record<string, number> = {};
  for (const run of runs) {
    latencies.set(run.latenciesMs, offset);
    offset += run.latenciesMs.length;
    for (const [code, count] of Object.entries(run.statusCounts))
      statusCounts[code] = (statusCounts[code] ?? 0) + count;
  }
  const sum = (pick: (run: LoadResult) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return summarise(latencies, {
    non2xx: sum((run) => run.non2xx),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    durationS: sum((run) => run.durationS),
    statusCounts,
  });
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
        const statusCounts: Record<string, number> = {};
        for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
          statusCounts[code] = stats.count ?? 0;
        resolve(
          summarise(Float64Array.from(latencies), {
            non2xx: result.non2xx,
            errors: result.errors,
            timeouts: result.timeouts,
            statusCounts,
            durationS: result.duration,
          }),
        );
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
}

export interface Contender {
  name: string;
  url: string;
  /** Starts right before each measured run; what the returned function gives is summed over the runs. */
  around?: () => Promise<() => Promise<number>>;
}

export interface ContenderResult {
  warmup: LoadResult;
  result: LoadResult;
  /** req/s of each measured turn, in order: a rising series says the warm-up was too short. */
  turns: number[];
  /** Sum of what `around` gave (e.g. the server's CPU ms over the measured runs). */
  extra: number;
}

/**
 * Measures servers against each other: a warm-up each (JIT, pools, caches; thrown away), then
 * measured runs taking turns (A B A B …). A burst of other work on a shared machine then hits both
 * sides instead of one, which keeps their ratio honest. Each server continues its own copy of the
 * request sequence from its warm-up through its turns, so all see the same inputs in the same order.
 */
export async function measureInTurns(options: {
  contenders: Contender[];
  connections: number;
  warmupS: number;
  durationS: number;
  rounds: number;
  sequence(): () => NextRequest;
}): Promise<Map<string, ContenderResult>> {
  const { contenders, connections, warmupS, durationS, rounds } = options;
  const warmups = new Map<string, LoadResult>();
  const sequences = new Map<string, () => NextRequest>();
  for (const contender of contenders) {
    // The measured turns continue the warm-up's sequence: inputs warmed up are not measured again.
    const nextRequest = options.sequence();
    sequences.set(contender.name, nextRequest);
    warmups.set(
      contender.name,
      await runLoad({ url: contender.url, connections, durationS: warmupS, nextRequest }),
    );
  }
  const runs = new Map<string, LoadResult[]>(contenders.map((contender) => [contender.name, []]));
  const extras = new Map<string, number>();
  for (let round = 0; round < rounds; round++) {
    for (const contender of contenders) {
      const nextRequest = sequences.get(contender.name) ?? options.sequence();
      const finish = await contender.around?.();
      const run = await runLoad({
        url: contender.url,
        connections,
        durationS: durationS / rounds,
        nextRequest,
      });
      extras.set(contender.name, (extras.get(contender.name) ?? 0) + ((await finish?.()) ?? 0));
      runs.get(contender.name)?.push(run);
    }
  }
  return new Map(
    contenders.map((contender) => {
      const warmup = warmups.get(contender.name);
      if (!warmup) throw new Error(`no warm-up for ${contender.name}`);
      return [
        contender.name,
        {
          warmup,
          result: combineRuns(runs.get(contender.name) ?? []),
          turns: (runs.get(contender.name) ?? []).map((run) => run.requestsPerSecond),
          extra: extras.get(contender.name) ?? 0,
        },
      ];
    }),
  );
}
