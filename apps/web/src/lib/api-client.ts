/**
 * The HTTP client of SPEC.md §8 and §9: every non-2xx answer becomes an ApiError with status,
 * statusText (default 'Error') and details (the JSON body, or { message } with the text); a missing
 * required parameter is raised before sending; non-write methods are retried once on transient statuses.
 */
export const DEFAULT_MESSAGE_KEY = 'errors.errors_occured.text';
export const NETWORK_FAILURE =
  'The request failed and the interceptors did not return an alternative response';
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface ApiErrorDetails {
  message?: string;
  code?: string;
  detail?: string;
  title?: string;
  errors?: { field: string; message: string }[];
  [key: string]: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly details: ApiErrorDetails;

  constructor(status: number, statusText: string | undefined, details: ApiErrorDetails) {
    super(details.detail ?? details.message ?? DEFAULT_MESSAGE_KEY);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText || 'Error';
    this.details = details;
  }

  /** The stable problem code of the API, when the answer carried one. */
  get code(): string | undefined {
    return typeof this.details.code === 'string' ? this.details.code : undefined;
  }
}

export class RequiredError extends Error {
  constructor(
    readonly field: string,
    operation: string,
  ) {
    super(`Required parameter "${field}" was null or undefined when calling ${operation}().`);
    this.name = 'RequiredError';
  }
}

export function shouldRetry(method: string, status: number, attempt: number): boolean {
  return (
    attempt === 0 &&
    !WRITE_METHODS.has(method.toUpperCase()) &&
    (RETRY_STATUSES as readonly number[]).includes(status)
  );
}

export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const type = response.headers.get('content-type') ?? '';
  let details: ApiErrorDetails = { message: text };
  if (/json/i.test(type)) {
    try {
      const parsed: unknown = JSON.parse(text);
      details =
        typeof parsed === 'object' && parsed !== null ? (parsed as ApiErrorDetails) : { message: text };
    } catch {
      details = { message: text };
    }
  }
  return new ApiError(response.status, response.statusText, details);
}

export interface RequestOptions {
  /** Name of the calling operation, for the missing-parameter message. */
  operation: string;
  path: string;
  method?: string;
  /** Path parameters; {name} in path is replaced, and a missing one is raised before sending. */
  params?: Record<string, string | number | null | undefined>;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Query parameters that must be present. */
  requiredQuery?: string[];
  body?: unknown;
  signal?: AbortSignal;
}

export interface ClientOptions {
  baseUrl?: string;
  getToken?: () => string | undefined | Promise<string | undefined>;
  fetch?: typeof fetch;
}

export function createApiClient({
  baseUrl = '',
  getToken,
  fetch: fetchImpl = globalThis.fetch,
}: ClientOptions = {}) {
  function buildUrl({
    operation,
    path,
    params = {},
    query = {},
    requiredQuery = [],
  }: RequestOptions): string {
    const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) => {
      const value = params[name];
      if (value === null || value === undefined) throw new RequiredError(name, operation);
      return encodeURIComponent(String(value));
    });
    for (const name of requiredQuery) {
      if (query[name] === null || query[name] === undefined) throw new RequiredError(name, operation);
    }
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
    }
    const qs = search.toString();
    return `${baseUrl}${filled}${qs ? `?${qs}` : ''}`;
  }

  async function request<T>(options: RequestOptions): Promise<T> {
    const url = buildUrl(options);
    const method = (options.method ?? 'GET').toUpperCase();
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { accept: 'application/json' };
      const token = await getToken?.();
      if (token) headers.authorization = `Bearer ${token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.signal,
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        throw new ApiError(0, 'Error', { message: NETWORK_FAILURE });
      }
      if (response.ok) {
        if (response.status === 204) return undefined as T;
        const type = response.headers.get('content-type') ?? '';
        return (/json/i.test(type) ? await response.json() : await response.text()) as T;
      }
      if (shouldRetry(method, response.status, attempt)) continue;
      throw await toApiError(response);
    }
  }

  return { request, buildUrl };
}
export type ApiClient = ReturnType<typeof createApiClient>;
