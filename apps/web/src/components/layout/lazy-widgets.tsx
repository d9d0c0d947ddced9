import { lazy, Suspense } from 'react';

const HeaderWidgets = lazy(() =>
  import('./header-widgets.tsx').then((module) => ({ default: module.HeaderWidgets })),
);
const PreferencesMenu = lazy(() =>
  import('./preferences-menu.tsx').then((module) => ({ default: module.PreferencesMenu })),
);

/** An empty box of a control's size, so the header does not shift when the control arrives. */
function Placeholder({ size }: { size: number }) {
  return (
    <span aria-hidden="true" style={{ display: 'inline-block', width: size, height: size, flex: 'none' }} />
  );
}

// ActionIcon size lg is 34 px (2.125rem); the account avatar 36 px.
const ACTION_ICON_PX = 34;
const AVATAR_PX = 36;

/** The header's controls, loaded after the first paint, in boxes of their final size meanwhile. */
export function LazyHeaderWidgets() {
  return (
    <Suspense
      fallback={
        <>
          <Placeholder size={ACTION_ICON_PX} />
          <Placeholder size={ACTION_ICON_PX} />
          <Placeholder size={AVATAR_PX} />
        </>
      }
    >
      <HeaderWidgets />
    </Suspense>
  );
}

/** The preferences menu of the clean layout, loaded the same way. */
export function LazyPreferencesMenu() {
  return (
    <Suspense fallback={<Placeholder size={ACTION_ICON_PX} />}>
      <PreferencesMenu />
    </Suspense>
  );
}
