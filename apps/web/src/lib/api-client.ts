import type { Client } from 'openapi-fetch';
import { requiredQuery } from './api/required-query.gen.ts';
import type { paths } from './api/schema.gen.ts';

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

/**
 * The API no longer knows the user (401: the token expired or was revoked). Trying again cannot help;
 * signing in again can, so every error display asks this one question.
 */
export const isSessionExpired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;

export class RequiredError extends Error {
  readonly field: string;

  constructor(field: string, operation: string) {
    super(`Required parameter "${field}" was null or undefined when calling ${operation}().`);
    this.name = 'RequiredError';
    this.field = field;
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

/** The opaque cursor of the next page of a list answer (its RFC 8288 Link header); undefined on the last. */
export function nextCursorOf(response: Response): string | undefined {
  const link = nextLinkOf(response.headers.get('link'));
  return link ? (new URL(link, 'http://portaal.invalid').searchParams.get('cursor') ?? undefined) : undefined;
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

export interface ClientOptions {
  baseUrl?: string;
  getToken?: () => string | undefined | Promise<string | undefined>;
  fetch?: typeof fetch;
}

const placeholdersOf = (schemaPath: string) =>
  [...schemaPath.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');

function serializeQuery(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** What a typed call takes besides the path (openapi-fetch's init, the parts this client reads). */
interface CallInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string>;
  parseAs?: 'json' | 'text' | 'blob';
  pathSerializer?: (pathname: string, pathParams: Record<string, unknown>) => string;
  signal?: AbortSignal | null;
}

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

/**
 * The API client, typed by the OpenAPI document: openapi-fetch's client interface over the `paths`
 * that openapi-typescript generates into lib/api/schema.gen.ts, so a call names a documented path and
 * gets its parameters, body and answer checked at compile time:
 * `api.GET('/api/v2/customer/{customer_id}', { params: { path: { customer_id } } })`.
 *
 * The runtime behind that interface is this module's own (about a kilobyte; openapi-fetch's is two,
 * which the home page's start-up budget cannot carry — docs/decisions/0005-typed-api-client.md), and
 * it is where SPEC §8 and §9 live: the bearer token on every call; a missing required path or query
 * parameter raised before sending, naming the operation; one retry of a non-write call on a transient
 * status; any other non-2xx answer thrown as an ApiError, a failed network call as SPEC's network
 * failure. A call therefore resolves only with a 2xx answer: { data, response }.
 */
export function createApiClient({
  baseUrl = '',
  getToken,
  fetch: fetchImpl = globalThis.fetch,
}: ClientOptions = {}) {
  async function call(method: Method, schemaPath: string, init: CallInit = {}) {
    const { params = {}, body, parseAs = 'json', signal } = init;
    const route = `${method} ${schemaPath}`;
    const given = { ...params.path, ...params.query };
    const missing = [...placeholdersOf(schemaPath), ...(requiredQuery[route] ?? [])].find(
      (name) => given[name] === null || given[name] === undefined,
    );
    if (missing !== undefined) {
      // The operation's name is only needed for this message: its table loads when it is.
      const { operationIds } = await import('./api/operation-ids.gen.ts');
      throw new RequiredError(missing, operationIds[route] ?? schemaPath);
    }
    const pathParams = params.path ?? {};
    const pathname = init.pathSerializer
      ? init.pathSerializer(schemaPath, pathParams)
      : schemaPath.replace(/\{([^}]+)\}/g, (_match, name: string) =>
          encodeURIComponent(String(pathParams[name])),
        );
    const url = `${baseUrl}${pathname}${serializeQuery(params.query)}`;
    // FormData carries its own multipart content type with the boundary; the browser sets it.
    const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { accept: parseAs === 'json' ? 'application/json' : '*/*' };
      Object.assign(headers, init.headers);
      const token = await getToken?.();
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method,
          headers,
          body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
          signal: signal ?? undefined,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new ApiError(0, 'Error', { message: NETWORK_FAILURE });
      }
      if (!response.ok) {
        if (shouldRetry(method, response.status, attempt)) continue;
        throw await toApiError(response);
      }
      if (response.status === 204 || response.headers.get('content-length') === '0') {
        return { data: undefined, response };
      }
      if (parseAs === 'blob') return { data: await response.blob(), response };
      const text = await response.text();
      if (parseAs === 'text') return { data: text, response };
      return { data: text ? (JSON.parse(text) as unknown) : undefined, response };
    }
  }

  const typed = {
    GET: (path: string, init?: CallInit) => call('GET', path, init),
    PUT: (path: string, init?: CallInit) => call('PUT', path, init),
    POST: (path: string, init?: CallInit) => call('POST', path, init),
    PATCH: (path: string, init?: CallInit) => call('PATCH', path, init),
    DELETE: (path: string, init?: CallInit) => call('DELETE', path, init),
  } as unknown as Pick<Client<paths>, Method>;

  return typed;
}
export type ApiClient = ReturnType<typeof createApiClient>;

/** The data of a successful call (the client rejects every other answer). */
export async function dataOf<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  return (await call).data as T;
}

/**
 * A file as a Blob with its name from Content-Disposition. Downloads go through the client rather
 * than a plain link because a link would not carry the bearer token.
 */
export async function fileOf(
  call: Promise<{ data?: unknown; response: Response }>,
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const { data, response } = await call;
  return {
    blob: data instanceof Blob ? data : new Blob([]),
    fileName: contentDispositionFileName(response.headers.get('content-disposition')),
  };
}
