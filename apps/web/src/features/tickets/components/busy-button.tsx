import { Button, type ButtonProps, Loader } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A button that shows a spinner while its action runs, or is unavailable, without becoming
 * `disabled`: Mantine's `loading` and `disabled` disable the element, and a disabled button drops the
 * keyboard focus to the page body. Here it stays focusable, says aria-busy or aria-disabled, and
 * ignores clicks meanwhile.
 */
export function BusyButton({
  busy = false,
  unavailable = false,
  onClick,
  leftSection,
  children,
  ...props
}: Omit<ButtonProps, 'loading' | 'disabled'> & {
  busy?: boolean;
  unavailable?: boolean;
  onClick: () => void;
  'aria-label'?: string;
  children: ReactNode;
}) {
  const inactive = busy || unavailable;
  return (
    <Button
      {...props}
      leftSection={busy ? <Loader size={14} color="currentColor" aria-hidden="true" /> : leftSection}
      aria-busy={busy || undefined}
      aria-disabled={inactive || undefined}
      data-disabled={inactive || undefined}
      onClick={() => {
        if (!inactive) onClick();
      }}
    >
      {children}
    </Button>
  );
}
