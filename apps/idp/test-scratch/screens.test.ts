import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
const run = promisify(execFile);
import { it } from 'vitest';
import { authorizationUrl, pkcePair } from '../src/testing/login.ts';
import { startTestServer } from '../../api/test/harness.ts';

it('screenshots', async () => {
  const server = await startTestServer();
  try {
    const url = authorizationUrl({ issuer: server.issuer, clientId: server.clientId, redirectUri: `${server.baseUrl}/` }, pkcePair(), 's', 'n');
    const shots: [string, string[], string][] = [
      ['/tmp/login-light-360.png', ['--window-size=360,900'], url],
      ['/tmp/login-dark-360.png', ['--window-size=360,900', '--force-dark-mode', '--blink-settings=preferredColorScheme=0'], url],
      ['/tmp/login-nl-1200.png', ['--window-size=1200,900'], `${url}&ui_locales=nl`],
    ];
    for (const [file, flags, target] of shots) {
      await run('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', `--screenshot=${file}`, ...flags, target]);
    }
  } finally {
    await server.close();
  }
}, 120_000);
