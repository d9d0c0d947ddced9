/**
 * Build updates (SPEC.md §4), the part the start needs: recover from a chunk-load error by reloading.
 * Polling for a newer build (build-watch.ts) loads after the first page.
 */
export const RELOAD_GUARD_MS = 10_000;
const RELOAD_KEY = 'portaal_chunk_reload';

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
  return /Failed to fetch dynamically imported module|Importing a module script failed|ChunkLoadError|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Reloads on a chunk-load error at most once per path within 10 s. Not while offline: the browser would
 * show its own offline page in place of the app and what the user typed (the page's code failed to
 * load because the network is gone, not because a new build replaced it). The error then goes on to
 * the router, whose error page says so and reloads once the connection is back.
 */
export function installChunkErrorReload(): void {
  const reload = () => {
    if (!navigator.onLine || !mayReloadForChunkError(window.location.pathname)) return false;
    window.location.reload();
    return true;
  };
  window.addEventListener('vite:preloadError', (event) => {
    // Prevented, Vite's import answers undefined instead of failing: only when the page reloads anyway.
    if (reload()) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reload();
  });
}
