import type { ReactNode } from 'react';

/**
 * A wide table on a narrow screen: it scrolls sideways inside a region that takes keyboard focus (so
 * the arrow keys scroll it; axe's scrollable-region-focusable), named by the heading it belongs to.
 */
export function ScrollRegion({
  labelledBy,
  minWidth,
  children,
}: {
  labelledBy: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section aria-labelledby={labelledBy} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </section>
  );
}
