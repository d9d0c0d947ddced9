/**
 * The application whose outage sla-usage.spec.ts watches: server.ts runs a small HTTP server on the
 * loopback interface that answers 200 or 503 as the test tells it (POST /control/down, /control/up),
 * and gives customer 1001 an application that the product's own prober checks there.
 */
const port = Number(process.env.E2E_PORT ?? 3100);

/** Port of the probe target (E2E_PROBE_PORT, default E2E_PORT + 3). */
export const PROBE_PORT = Number(process.env.E2E_PROBE_PORT ?? port + 3);
export const PROBE_URL = `http://127.0.0.1:${PROBE_PORT}/health`;
export const PROBE_CONTROL = `http://127.0.0.1:${PROBE_PORT}/control`;
export const PROBE_APPLICATION = 'Bezorgapp';
