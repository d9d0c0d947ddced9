import { useDebouncedCallback } from '@mantine/hooks';
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';

/**
 * A list's search field: the text shows as typed and is applied (trimmed) after a pause in typing, or at
 * once on Enter; it follows the address when that changes elsewhere (Back, a link). Text that `accepts`
 * refuses (too short, not a date) stays in the field, unapplied, for the page to explain. While typing,
 * the field's own text is the source: the address only catches up.
 */
export function useSearchText(
  applied: string,
  apply: (q: string) => void,
  { accepts = () => true, delay = 300 }: { accepts?: (text: string) => boolean; delay?: number } = {},
) {
  const [text, setText] = useState(applied);
  // The search this field applied last. The address coming back with it is no news: taken over, it
  // would undo the keys typed while the router was busy. Another search came from elsewhere (Back,
  // a link) and replaces the text, unless that is what the field already says (an applied "gouden "
  // comes back as "gouden", and the space being typed must stay).
  const sent = useRef(applied);
  useEffect(() => {
    if (applied === sent.current) return;
    sent.current = applied;
    setText((current) => (current.trim() === applied ? current : applied));
  }, [applied]);
  const send = (value: string) => {
    sent.current = value.trim();
    apply(sent.current);
  };
  const later = useDebouncedCallback((value: string) => {
    if (accepts(value)) send(value);
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
        send(text);
      },
    },
  };
}
