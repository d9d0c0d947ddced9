/** Build updates (SPEC.md §4): poll for a newer build, and recover from a chunk-load error by reloading. */
export const BUILD_ID: string = __BUILD_ID__;
export const BUILDS_PATH = '/builds/latest.json';
export const RELOAD_GUARD_MS = 10_000;
const RELOAD_KEY = 'portaal_chunk_reload';

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

/** True when this path was not reloaded for a chunk error within the last 10 s; records the reload. */
export function mayReloadForChunkError(
  path: string,
  now = Date.now(),
  storage: Storage = sessionStorage,
): boolean {
  let log: Record<string, number> = {};
  try {
    log = JSON.parse(storage.getItem(RELOAD_KEY) ?? '{}') as Record<string, number>;
  } catch {
    log = {};
  }
  const last = log[path];
  if (last !== undefined && now - last < RELOAD_GUARD_MS) return false;
  log[path] = now;
  storage.setItem(RELOAD_KEY, JSON.stringify(log));
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|ChunkLoadError|error loading dynamically imported module/i.test(
    message,
  );
}

/** Reloads on a chunk-load error at most once per path within 10 s. */
export function installChunkErrorReload(): void {
  const reload = () => {
    if (mayReloadForChunkError(window.location.pathname)) window.location.reload();
  };
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reload();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reload();
  });
}
