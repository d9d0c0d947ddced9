import { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';

const HeaderWidgets = lazy(() =>
  import('./header-widgets.tsx').then((module) => ({ default: module.HeaderWidgets })),
);
const PreferencesMenu = lazy(() =>
  import('./preferences-menu.tsx').then((module) => ({ default: module.PreferencesMenu })),
);

let firstScreenShown = false;

/**
 * Renders `children` once the browser has had a moment of its own after the first render (idle, or
 * 1.5 s at most), `fallback` until then: controls that the first screen does not need (header
 * menus, the toaster) then load after the page's own code, data and first paint instead of
 * competing with them for the connections and the main thread.
 */
export function AfterFirstScreen({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  // Only the app's first screen waits: a layout mounted later (another page) shows them at once.
  const [ready, setReady] = useState(firstScreenShown);
  useEffect(() => {
    if (ready) return;
    // A transition: React renders the controls in slices between the browser's own work, where an
    // update from an idle callback would render them in one long task (Lighthouse's blocking time).
    const show = () => {
      firstScreenShown = true;
      startTransition(() => setReady(true));
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(show, { timeout: 1500 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(show, 200);
    return () => clearTimeout(id);
  }, [ready]);
  return ready ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

/** An empty box of a control's size, so the header does not shift when the control arrives. */
function Placeholder({ size }: { size: number }) {
  return (
    <span aria-hidden="true" style={{ display: 'inline-block', width: size, height: size, flex: 'none' }} />
  );
}

// ActionIcon size lg is 34 px (2.125rem); the account avatar 36 px.
const ACTION_ICON_PX = 34;
const AVATAR_PX = 36;

/** The header's controls, loaded after the first screen, in boxes of their final size meanwhile. */
export function LazyHeaderWidgets() {
  return (
    <AfterFirstScreen
      fallback={
        <>
          <Placeholder size={ACTION_ICON_PX} />
          <Placeholder size={ACTION_ICON_PX} />
          <Placeholder size={AVATAR_PX} />
        </>
      }
    >
      <HeaderWidgets />
    </AfterFirstScreen>
  );
}

/** The preferences menu of the clean layout, loaded the same way. */
export function LazyPreferencesMenu() {
  return (
    <AfterFirstScreen fallback={<Placeholder size={ACTION_ICON_PX} />}>
      <PreferencesMenu />
    </AfterFirstScreen>
  );
}
