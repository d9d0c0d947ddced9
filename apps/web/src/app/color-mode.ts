/** A page may force light or dark; forcing system is refused with a console warning (SPEC.md §4). */
export type ForcedColorMode = 'light' | 'dark' | 'system' | undefined;

export function resolveForcedColorMode(
  mode: ForcedColorMode,
  warn = console.warn,
): 'light' | 'dark' | undefined {
  if (mode === 'system') {
    warn('A page cannot force the system colour mode; it follows the user preference instead.');
    return undefined;
  }
  return mode;
}
