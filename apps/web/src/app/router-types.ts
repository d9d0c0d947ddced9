import type { RightsRequirement } from '@portaal/contracts';
import type { ForcedColorMode } from './color-mode.ts';
import type { RouteTitle } from './document-title.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    requirement?: 'login' | RightsRequirement;
    colorMode?: ForcedColorMode;
    /** The document title of the screen (app/document-title.ts); every route declares one. */
    title?: RouteTitle;
  }

  interface HistoryState {
    /** Asks the Search screen to focus its field (the header's `/` and search link on phones). */
    focusSearch?: boolean;
  }
}
