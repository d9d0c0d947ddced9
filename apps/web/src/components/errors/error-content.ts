import { errorContent } from '@portaal/contracts/error-content';

export { type ErrorContent, errorContent, GENERIC_ERROR_CODE } from '@portaal/contracts/error-content';

/** The document title of the error page by statusCode: 'No access', 'Page not found', … (global:titles). */
export function errorPageTitleKey(statusCode?: number | null): string {
  const { code } = errorContent(statusCode);
  if (code === 401) return 'titles.unauthorized';
  if (code === 403) return 'titles.forbidden';
  if (code === 404) return 'titles.notFound';
  if (code >= 405 && code <= 499) return 'titles.notAllowed';
  if (code >= 500 && code <= 599) return 'titles.serverIssues';
  return 'titles.error';
}
