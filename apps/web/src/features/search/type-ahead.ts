/** Whether a key press belongs to a field the user is typing in (then `/` is just a character). */
export const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** How long keys are kept for a Search screen that has not taken them: a navigation that never came. */
const KEEP_MS = 10_000;

let typed: string | undefined;
let stopListening: (() => void) | undefined;

/**
 * Keeps what is typed after `/` on a narrow screen until the Search screen's field takes it
 * (takeTypeAhead): the screen's code may still be loading, and keys pressed meanwhile would be lost.
 */
export function startTypeAhead(): void {
  takeTypeAhead();
  typed = '';
  const onKey = (event: KeyboardEvent) => {
    if (typed === undefined || typing(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1) typed += event.key;
    else if (event.key === 'Backspace') typed = typed.slice(0, -1);
    else return;
    event.preventDefault();
  };
  document.addEventListener('keydown', onKey, true);
  const timer = setTimeout(takeTypeAhead, KEEP_MS);
  stopListening = () => {
    document.removeEventListener('keydown', onKey, true);
    clearTimeout(timer);
  };
}

/** What was typed since startTypeAhead ('' when nothing), and stops keeping keys. */
export function takeTypeAhead(): string {
  stopListening?.();
  stopListening = undefined;
  const text = typed ?? '';
  typed = undefined;
  return text;
}
