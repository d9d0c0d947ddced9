let loading: Promise<unknown> | undefined;

/**
 * Loads Mantine's whole stylesheet once (app/mantine-full-styles.ts); resolves when it applies. The
 * first paint needs only the shell's styles (main.tsx): routes beyond it wait for this in a loader
 * (`_app.tsx`), so every screen added there is styled without importing anything itself.
 */
export function loadFullStyles(): Promise<unknown> {
  loading ??= import('./mantine-full-styles.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
