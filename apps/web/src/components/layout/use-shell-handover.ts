import { useLayoutEffect } from 'react';

/** The id of index.html's static first screen. */
export const SHELL_ELEMENT_ID = 'app-loading';

/**
 * Removes index.html's static first screen (header and sidebar drawn without script) once a layout is
 * in the page: in the commit that brings the layout, before the browser paints it, so no frame shows
 * neither. Until then the shell covers whatever the app renders on its way (pending routes, Suspense).
 */
export function useShellHandover() {
  useLayoutEffect(() => {
    document.getElementById(SHELL_ELEMENT_ID)?.remove();
  }, []);
}
