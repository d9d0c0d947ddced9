import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import {
  type ColourMode,
  expectNoAxeViolations,
  mainNavigation,
  saveScreenshot,
  settle,
  signIn,
} from './support.ts';

/*
 * The system landscape as technical-viewer uses it, in Dutch: from the sidebar to the racks tab, a
 * rack's elevation, a device in it and that server's trends, and a Kubernetes cluster's kubeconfig
 * download, which kubectl reads. Then axe on every landscape screen in both colour modes, with
 * screenshots kept under test-results/e2e/screenshots/.
 */

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const run = promisify(execFile);
const KUBECTL = '/usr/bin/kubectl';

test('technical-viewer opens a rack, follows a device and downloads a kubeconfig, in Dutch', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'technical-viewer', { language: 'nl' });
  // The landscape sits in the Servers group of the sidebar, which opens on a click.
  await mainNavigation(page).getByRole('link', { name: 'Servers', exact: true }).click();
  await mainNavigation(page).getByRole('link', { name: 'Systeemlandschap' }).click();
  await expect(h1(page)).toHaveText('Systeemlandschap');
  await expect(page.getByTestId('landscape-count')).toHaveText('16 getoond');

  await page.getByRole('tab', { name: /Racks/ }).click();
  await expect(page).toHaveURL(/kind=racks/);
  await page.getByRole('link', { name: 'AMS1-1.02-GK01' }).click();
  await expect(h1(page)).toHaveText('AMS1-1.02-GK01');
  const rack = page.getByTestId('rack-elevation');
  await expect(rack).toBeVisible();
  await expect(rack.getByRole('link')).toHaveCount(10);

  // Each device in the drawing is a link named with its units.
  await rack.getByRole('link', { name: 'gk-esx01, U35–U36' }).click();
  await expect(h1(page)).toHaveText('gk-esx01');
  await expect(page).toHaveURL(/\/servers\/system-landscape\/devices\/5(\?|$)/);
  await expect(page.getByText('Apparaat', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '10.20.0.10/24' })).toBeVisible();
  await expectNoAxeViolations(page, 'device page, nl');

  // A server's page leads to its trends: the demo series are there for the whole last period.
  await page.getByRole('link', { name: 'Trends van deze server' }).click();
  // The trends screen and uPlot load as chunks of their own: slow on two busy cores.
  await expect(h1(page)).toHaveText('Trendmonitoring', { timeout: 30_000 });
  await expect(page).toHaveURL(/\/servers\/trends\?server=devices%2F5/);
  const chart = page.locator('figure').first();
  await expect(chart.locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(chart.locator('.u-legend')).toContainText('gk-esx01');
  await page.getByText('Vorige periode', { exact: true }).click();
  await expect(page).toHaveURL(/range=lastPeriod/);
  await expect(chart.locator('.u-legend')).toContainText('gk-esx01');
  await expect(page.getByText('Geen metingen', { exact: false })).toHaveCount(0);

  // A prefix's deep link keeps its slash.
  await page.goto('/servers/system-landscape/prefixes/10.20.0.0/24');
  await expect(h1(page)).toHaveText('10.20.0.0/24');

  // An id that is no object: the way back names its kind, in lower case mid-sentence.
  await page.goto('/servers/system-landscape/virtual-machines/abc');
  await expect(h1(page)).toHaveText('Object niet gevonden');
  await expect(page.getByRole('link', { name: 'Alle virtuele machines' })).toBeVisible();

  // A bare kind is that kind's tab of the list.
  await page.goto('/servers/system-landscape/kubernetes-clusters');
  await expect(page).toHaveURL(/\/servers\/system-landscape\?kind=kubernetes-clusters$/);
  await expect(page.getByRole('tab', { name: /Kubernetes-clusters/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('link', { name: 'gk-prod' }).click();
  await expect(h1(page)).toHaveText('gk-prod');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Kubeconfig downloaden' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('gk-prod.kubeconfig.yaml');
  const file = await download.path();
  const yaml = await readFile(file, 'utf8');
  expect(yaml).toContain('server: "https://gk-prod.k8s.portaal-hosting.nl:6443"');
  expect(yaml).toContain('- oidc-login');
  // The file parses with Debian's kubectl when it is installed (kubernetes-client).
  if (existsSync(KUBECTL)) {
    const { stdout } = await run(KUBECTL, ['config', 'view', '--kubeconfig', file, '-o', 'json']);
    const config = JSON.parse(stdout) as { clusters: { name: string; cluster: { server: string } }[] };
    expect(config.clusters.map((cluster) => cluster.cluster.server)).toEqual([
      'https://gk-prod.k8s.portaal-hosting.nl:6443',
    ]);
  }

  await page.getByRole('link', { name: 'Instructies' }).click();
  await expect(h1(page)).toHaveText('Kubeconfig-instructies');
  await page.getByRole('tab', { name: 'Windows' }).click();
  await expect(page.getByText('winget install -e --id Kubernetes.kubectl')).toBeVisible();
});

const screens = [
  { name: 'landscape-devices', path: '/servers/system-landscape', title: 'System landscape' },
  { name: 'landscape-prefixes', path: '/servers/system-landscape?kind=prefixes', title: 'System landscape' },
  { name: 'landscape-rack', path: '/servers/system-landscape/racks/1', title: 'AMS1-1.02-GK01' },
  { name: 'landscape-device', path: '/servers/system-landscape/devices/5', title: 'gk-esx01' },
  {
    name: 'landscape-prefix',
    path: '/servers/system-landscape/prefixes/10.20.0.0/24',
    title: '10.20.0.0/24',
  },
  { name: 'landscape-cluster', path: '/servers/system-landscape/kubernetes-clusters/1', title: 'gk-prod' },
  { name: 'landscape-not-found', path: '/servers/system-landscape/devices/20', title: 'Object not found' },
  {
    name: 'kubeconfig-instructions',
    path: '/servers/kubeconfig-instructions?cluster=1',
    title: 'Kubeconfig instructions',
  },
];

for (const mode of ['light', 'dark'] as ColourMode[]) {
  test(`axe on every landscape screen, ${mode} mode`, async ({ page }) => {
    // axe is the slow part on two shared cores: about 20 s a screen under load.
    test.setTimeout(600_000);
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await signIn(page, 'owner', { language: 'en' });
    for (const screen of screens) {
      await test.step(screen.name, async () => {
        await page.goto(screen.path);
        // Under load an object page can take longer than the default 10 s to leave its skeleton.
        await expect(h1(page)).toHaveText(screen.title, { timeout: 30_000 });
        await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
        await settle(page);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
        await expectNoAxeViolations(page, `${screen.name}, ${mode}`);
        await saveScreenshot(page, `${screen.name}-1440-${mode}`);
      });
    }
  });
}
