import type { RightsRequirement } from '@portaal/contracts';
import type { ForcedColorMode } from './color-mode.ts';
import type { RouteTitle } from './document-title.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    requirement?: 'login' | RightsRequirement;
    colorMode?: ForcedColorMode;
    /** The document title of the screen (app/document-title.ts); every route declares one. */
    title?: RouteTitle;
    /**
     * A screen of one object of the selected customer (a ticket, an invoice): switching customers
     * opens this list, where the object of the other customer would only be "not found".
     */
    listOnSwitch?:
      | '/support'
      | '/administration/invoices'
      | '/administration/contracts'
      | '/sla-usage/reports';
  }

  interface HistoryState {
    /** Asks the Search screen to focus its field (the header's `/` and search link on phones). */
    focusSearch?: boolean;
  }
}
