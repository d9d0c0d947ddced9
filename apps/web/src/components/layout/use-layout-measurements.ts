import { useRouter } from '@tanstack/react-router';
import { type RefObject, useEffect } from 'react';

/**
 * Header and sidebar sizes, re-measured after each page finish and on window resize, exposed as CSS
 * variables for the hash-link offset and the toast position.
 */
export function useLayoutMeasurements(
  header: RefObject<HTMLElement | null>,
  sidebar: RefObject<HTMLElement | null>,
) {
  const router = useRouter();
  useEffect(() => {
    const measure = () => {
      // Both sizes are read before anything is written, and a value is written only when it changed: a
      // variable on the root element restyles the whole page, so a write between the two reads (or a
      // write of the same value) would make the browser lay the page out once more.
      const sizes = {
        '--portaal-header-height': `${header.current?.offsetHeight ?? 0}px`,
        '--portaal-sidebar-width': `${sidebar.current?.offsetWidth ?? 0}px`,
      };
      const root = document.documentElement.style;
      for (const [name, value] of Object.entries(sizes))
        if (root.getPropertyValue(name) !== value) root.setProperty(name, value);
    };
    measure();
    window.addEventListener('resize', measure);
    const unsubscribe = router.subscribe('onResolved', measure);
    return () => {
      window.removeEventListener('resize', measure);
      unsubscribe();
    };
  }, [router, header, sidebar]);
}
