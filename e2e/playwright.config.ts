import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
export const HUMAN_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/**
 * Debian's Chromium only; browsers are never downloaded. One worker: the tests share one server and
 * one database, and some of them change data (the PO number, a user's language preference). run.ts
 * runs several of these at once, each with a product and a database of its own.
 * E2E_REUSE_SERVER=1 runs against a product already listening on E2E_PORT (for quick local loops).
 */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  // A shard of run.ts keeps its own, since Playwright empties the folder when it starts.
  outputDir: process.env.E2E_SHARD
    ? `../test-results/e2e/shard-${process.env.E2E_SHARD}`
    : '../test-results/e2e',
  use: {
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/Amsterdam',
    colorScheme: 'light',
    viewport: { width: 1440, height: 900 },
    // Headless Chromium says "HeadlessChrome", which bot detection (rightly) treats as automation, and
    // automated visitors get no error page (SPEC.md §2). The suite plays a person, so it uses the
    // desktop browser's user agent; errors.spec.ts checks the bot case on purpose.
    userAgent: HUMAN_USER_AGENT,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--hide-scrollbars'],
    },
  },
  webServer: {
    command: 'node server.ts',
    url: `${baseURL}/readyz`,
    timeout: 300_000,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
