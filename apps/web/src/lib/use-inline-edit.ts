import { useEffect, useRef, useState } from 'react';

/**
 * A section that swaps its values for a form in place: `editing` while the form shows, `open` for the
 * edit button, `close` for the form's save and cancel. Closing puts the focus back on the button
 * (`editButton`), so keyboard users keep their place when the form that had it goes away.
 */
export function useInlineEdit() {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  return {
    editing,
    editButton,
    open: () => setEditing(true),
    close: () => {
      returnFocus.current = true;
      setEditing(false);
    },
  };
}
