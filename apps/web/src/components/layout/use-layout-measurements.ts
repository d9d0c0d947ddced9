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
      const root = document.documentElement.style;
      root.setProperty('--portaal-header-height', `${header.current?.offsetHeight ?? 0}px`);
      root.setProperty('--portaal-sidebar-width', `${sidebar.current?.offsetWidth ?? 0}px`);
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
