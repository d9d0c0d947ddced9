import { execFileSync } from 'node:child_process';
import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createRequestDurations } from './request-durations.ts';

const observations: [string, string, number, number][] = [
  ['GET', '/api/v2/customer/:customer_id/tickets', 200, 0.004],
  ['GET', '/api/v2/customer/:customer_id/tickets', 200, 0.005],
  ['GET', '/api/v2/customer/:customer_id/tickets', 200, 0.0051],
  ['GET', '/api/v2/customer/:customer_id/tickets', 200, 3],
  ['GET', '/api/v2/customer/:customer_id/tickets', 404, 0.2],
  ['POST', '/api/v2/password', 400, 0.75],
  ['GET', 'unmatched', 404, 0.001],
  ['GET', '/odd "route"\\', 200, 0.01],
];

const lines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .sort();

describe('request durations', () => {
  it('writes what prom-client’s Histogram writes for the same observations', async () => {
    const registry = new client.Registry();
    const histogram = new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    const durations = createRequestDurations();
    for (const [method, route, status, seconds] of observations) {
      histogram.observe({ method, route, status: String(status) }, seconds);
      durations.observe(method, route, status, seconds);
    }
    expect(lines(durations.text())).toEqual(lines(await registry.metrics()));
  });

  it('passes promtool’s check of the text format', () => {
    const durations = createRequestDurations();
    for (const [method, route, status, seconds] of observations)
      durations.observe(method, route, status, seconds);
    // promtool lints the exposition format; it exits non-zero on a syntax error.
    const output = execFileSync('promtool', ['check', 'metrics'], {
      input: durations.text(),
      encoding: 'utf8',
    });
    expect(output).not.toMatch(/error/i);
  });
});
