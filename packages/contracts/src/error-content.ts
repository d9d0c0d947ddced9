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

/** The error page's causes (`/error?cause=forbidden`, as the route guards send users there) by status. */
const CAUSES: Record<string, number> = { forbidden: 403, unauthorized: 401, 'not-found': 404, server: 500 };

/**
 * The status the error page shows for its address's search: `status` when it is a whole number, else
 * the `cause`'s. The web app's /error route and the API's first screen of that page read it alike.
 */
export const errorPageStatus = ({ cause, status }: { cause?: unknown; status?: unknown }) =>
  typeof status === 'number'
    ? status
    : typeof cause === 'string' && Object.hasOwn(CAUSES, cause)
      ? CAUSES[cause]
      : undefined;

/**
 * The error page's search as both readers take it: a cause of up to 40 characters and a whole-number
 * status, from the router's parsed search (the web app) or the address's query (the API's first screen).
 */
export const errorPageSearch = (search: { cause?: unknown; status?: unknown }) => ({
  cause: typeof search.cause === 'string' && search.cause.length <= 40 ? search.cause : undefined,
  status:
    search.status !== undefined && Number.isInteger(Number(search.status))
      ? Number(search.status)
      : undefined,
});
