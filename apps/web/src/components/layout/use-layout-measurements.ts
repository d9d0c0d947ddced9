import { type RefObject, useEffect } from 'react';

/**
 * Header and sidebar sizes, exposed as CSS variables for the hash-link offset and the toast position.
 * A ResizeObserver reports them after the browser's own layout, whenever either changes (first
 * render, window resize, another page): read in an effect right after the commit, they made the
 * browser lay out the freshly rendered page inside React's commit, a long task of its own (about
 * 35 ms of a fast laptop's time on the ticket list, 136 ms at a phone's speed).
 */
export function useLayoutMeasurements(
  header: RefObject<HTMLElement | null>,
  sidebar: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const measure = () => {
      // Both sizes are read before anything is written, and a value is written only when it changed: a
      // variable on the root element restyles the whole page.
      const sizes = {
        '--portaal-header-height': `${header.current?.offsetHeight ?? 0}px`,
        '--portaal-sidebar-width': `${sidebar.current?.offsetWidth ?? 0}px`,
      };
      const root = document.documentElement.style;
      for (const [name, value] of Object.entries(sizes))
        if (root.getPropertyValue(name) !== value) root.setProperty(name, value);
    };
    const observer = new ResizeObserver(measure);
    for (const element of [header.current, sidebar.current]) if (element) observer.observe(element);
    return () => observer.disconnect();
  }, [header, sidebar]);
}
