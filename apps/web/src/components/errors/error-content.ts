/** The error page by statusCode (SPEC.md §8); 999 is the internal code of "an error occurred". */
export const GENERIC_ERROR_CODE = 999;

export interface ErrorContent {
  code: number;
  titleKey: string;
  textKey: string;
}

export function errorContent(statusCode?: number | null): ErrorContent {
  const code =
    typeof statusCode === 'number' && Number.isInteger(statusCode) ? statusCode : GENERIC_ERROR_CODE;
  if (code === 401)
    return { code, titleKey: 'errors.not_allowed.title', textKey: 'errors.unauthorized.text' };
  if (code === 403) return { code, titleKey: 'errors.forbidden.title', textKey: 'errors.forbidden.text' };
  if (code === 404) return { code, titleKey: 'errors.not_found.title', textKey: 'errors.not_found.text' };
  if (code >= 405 && code <= 499)
    return { code, titleKey: 'errors.not_allowed.title', textKey: 'errors.not_allowed.text' };
  if (code >= 500 && code <= 599)
    return { code, titleKey: 'errors.server_issues.title', textKey: 'errors.server_issues.text' };
  return {
    code: GENERIC_ERROR_CODE,
    titleKey: 'errors.errors_occured.title',
    textKey: 'errors.errors_occured.text',
  };
}

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
