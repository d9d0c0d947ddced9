/**
 * The second product of the e2e run: the same build and database as the first, started with POSTHOG_KEY
 * and POSTHOG_HOST pointing at a receiver that analytics.spec.ts runs on the loopback interface.
 */
const port = Number(process.env.E2E_PORT ?? 3100);

/** Port of the product with analytics (E2E_ANALYTICS_PORT, default E2E_PORT + 1). */
export const ANALYTICS_PORT = Number(process.env.E2E_ANALYTICS_PORT ?? port + 1);
/** Port of the test's PostHog receiver (E2E_ANALYTICS_RECEIVER_PORT, default E2E_PORT + 2). */
export const RECEIVER_PORT = Number(process.env.E2E_ANALYTICS_RECEIVER_PORT ?? port + 2);
export const ANALYTICS_URL = `http://localhost:${ANALYTICS_PORT}`;
export const RECEIVER_URL = `http://127.0.0.1:${RECEIVER_PORT}`;
export const POSTHOG_TEST_KEY = 'phc_e2e_portaal_test_key';
