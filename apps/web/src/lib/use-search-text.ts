import { useDebouncedCallback } from '@mantine/hooks';
import { type ChangeEvent, type KeyboardEvent, useEffect, useState } from 'react';

/**
 * A list's search field: the text shows as typed and is applied (trimmed) after a pause in typing, or at
 * once on Enter; it follows the address when that changes elsewhere (Back, a link). Text that `accepts`
 * refuses (too short, not a date) stays in the field, unapplied, for the page to explain.
 */
export function useSearchText(
  applied: string,
  apply: (q: string) => void,
  { accepts = () => true, delay = 300 }: { accepts?: (text: string) => boolean; delay?: number } = {},
) {
  const [text, setText] = useState(applied);
  // The address changed: show its search, unless that is what the field already says (an applied
  // "gouden " comes back as "gouden", and the space being typed must stay).
  useEffect(() => setText((current) => (current.trim() === applied ? current : applied)), [applied]);
  const later = useDebouncedCallback((value: string) => {
    if (accepts(value)) apply(value.trim());
  }, delay);
  return {
    text,
    inputProps: {
      value: text,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setText(event.currentTarget.value);
        later(event.currentTarget.value);
      },
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key !== 'Enter' || !accepts(text)) return;
        later.cancel();
        apply(text.trim());
      },
    },
  };
}
