import i18next from 'i18next';

/** Build updates (SPEC.md §4): poll for a newer build and offer to reload. Loaded after the first page. */
export const BUILD_ID: string = __BUILD_ID__;
export const BUILDS_PATH = '/builds/latest.json';
export async function fetchLatestBuildId(fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  const response = await fetchImpl(BUILDS_PATH, { cache: 'no-store' });
  if (!response.ok) return undefined;
  const body = (await response.json()) as { build_id?: unknown };
  return typeof body.build_id === 'string' ? body.build_id : undefined;
}

/** Polls every interval; calls onNewBuild once when the server has another build than this page. */
export function watchForNewBuild(onNewBuild: () => void, intervalMs = 5 * 60_000): () => void {
  let notified = false;
  const check = async () => {
    const latest = await fetchLatestBuildId().catch(() => undefined);
    if (!notified && latest && latest !== BUILD_ID) {
      notified = true;
      onNewBuild();
    }
  };
  const timer = setInterval(check, intervalMs);
  const onVisible = () => document.visibilityState === 'visible' && void check();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Watches for a newer build and says so in a toast that stays until the user reloads or closes it. */
export function startBuildWatch(): () => void {
  return watchForNewBuild(async () => {
    const { toast } = await import('../components/feedback/toast.tsx');
    toast({
      id: 'new-build',
      title: i18next.t('global:build.title'),
      description: i18next.t('global:build.text'),
      timeout: false,
      actions: [{ label: i18next.t('global:build.reload'), onClick: () => window.location.reload() }],
    });
  });
}
