/**
 * The error page's code, loaded on demand: main.tsx asks for it at the start when the address matches
 * no page, the toaster once the first screen is there (a page that fails to load offline shows it).
 */
export const loadErrorPage = () => import('./error-page.tsx');
