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

/** The target of rel="next" in an RFC 8288 Link header, if there is one. */
export function nextLinkOf(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const link of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(link);
    if (!match) continue;
    const rels = (match[2] ?? '')
      .split(';')
      .map((param) => /^\s*rel\s*=\s*"?([^"]*)"?\s*$/i.exec(param)?.[1])
      .find((value) => value !== undefined);
    if (rels?.toLowerCase().split(/\s+/).includes('next')) return match[1];
  }
  return undefined;
}

/** The file name of a Content-Disposition header: filename* (RFC 5987, UTF-8) wins over filename. */
export function contentDispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall back to the plain filename.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name || undefined;
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
  /** Sent as JSON, or as multipart/form-data when it is a FormData. */
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

  /** Sends with the token and the retry policy; answers only ok responses, raises ApiError otherwise. */
  async function send(options: RequestOptions, accept: string): Promise<Response> {
    const url = buildUrl(options);
    const method = (options.method ?? 'GET').toUpperCase();
    // FormData carries its own multipart content type with the boundary; the browser sets it.
    const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { accept };
      const token = await getToken?.();
      if (token) headers.authorization = `Bearer ${token}`;
      if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method,
          headers,
          body:
            options.body === undefined
              ? undefined
              : multipart
                ? (options.body as FormData)
                : JSON.stringify(options.body),
          signal: options.signal,
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        throw new ApiError(0, 'Error', { message: NETWORK_FAILURE });
      }
      if (response.ok) return response;
      if (shouldRetry(method, response.status, attempt)) continue;
      throw await toApiError(response);
    }
  }

  async function parse<T>(response: Response): Promise<T> {
    if (response.status === 204) return undefined as T;
    const type = response.headers.get('content-type') ?? '';
    return (/json/i.test(type) ? await response.json() : await response.text()) as T;
  }

  async function request<T>(options: RequestOptions): Promise<T> {
    return parse<T>(await send(options, 'application/json'));
  }

  /** Like request, with the answer's headers too (the Link header of a paged list). */
  async function requestWithHeaders<T>(options: RequestOptions): Promise<{ data: T; headers: Headers }> {
    const response = await send(options, 'application/json');
    return { data: await parse<T>(response), headers: response.headers };
  }

  /**
   * A file as a Blob with its name from Content-Disposition. Downloads go through here rather than a
   * plain link because a link would not carry the bearer token.
   */
  async function download(options: RequestOptions): Promise<{ blob: Blob; fileName: string | undefined }> {
    const response = await send(options, '*/*');
    return {
      blob: await response.blob(),
      fileName: contentDispositionFileName(response.headers.get('content-disposition')),
    };
  }

  return { request, requestWithHeaders, download, buildUrl };
}
export type ApiClient = ReturnType<typeof createApiClient>;
