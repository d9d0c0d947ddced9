import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * After a navigation to another page, a focus left on the page body (the link or button that led
 * here is gone) moves to the new page's title, where a keyboard or screen reader user expects to
 * start. Focus a page has placed itself (a field, a button) is left alone.
 */
export function useFocusAfterNavigation() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onRendered', (event) => {
        if (!event.pathChanged || event.fromLocation === undefined) return;
        requestAnimationFrame(() => {
          const active = document.activeElement;
          if (active !== null && active !== document.body) return;
          const title = document.querySelector<HTMLElement>('#main h1');
          if (!title) return;
          if (!title.hasAttribute('tabindex')) title.setAttribute('tabindex', '-1');
          title.focus({ preventScroll: true });
        });
      }),
    [router],
  );
}
