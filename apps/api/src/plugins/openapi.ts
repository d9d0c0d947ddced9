import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import swagger from '@fastify/swagger';
import { problemSchema, type RightsList } from '@portaal/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './auth.ts';

/**
 * The response headers the API sends, declared once as `components.headers`. A route names the ones
 * its handler sets in `schema.responseHeaders`; X-Request-Id, the rate-limit headers and Retry-After
 * (on 429) are added to every operation that sends them.
 */
export const responseHeaders = {
  'X-Request-Id': {
    description:
      'Identifier of this request; a problem answer repeats it as `request_id`, and the logs name it.',
    schema: { type: 'string', format: 'uuid' },
  },
  'X-RateLimit-Limit': {
    description: 'Requests allowed in the current rate-limit window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current rate-limit window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the current rate-limit window ends.',
    schema: { type: 'integer', minimum: 0 },
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
  Link: {
    description:
      'RFC 8288 link to the next page, `<…?cursor=…>; rel="next"` with the same filters; absent on the last page.',
    schema: { type: 'string' },
  },
  'X-Total-Count': {
    description: 'Number of items on all pages together.',
    schema: { type: 'integer', minimum: 0 },
  },
  'Content-Disposition': {
    description:
      'RFC 6266 `attachment` with the file name: an ASCII fallback in `filename` and the exact name in `filename*` (UTF-8).',
    schema: { type: 'string' },
  },
  Location: {
    description: 'Path of the created or changed resource.',
    schema: { type: 'string' },
  },
  'Set-Cookie': {
    description:
      "`portaal_lang=en|nl`: the caller's language, so the web app's page comes with a preload of that language's texts; `portaal_pages=support|servers/trends|…`: the pages with a fixed heading that the caller may open, so their first screen shows it. Hints, never credentials.",
    schema: { type: 'string' },
  },
} as const;
export type ResponseHeader = keyof typeof responseHeaders;

declare module 'fastify' {
  interface FastifySchema {
    /** Headers the handler sets, by status (e.g. `{ 200: ['Link', 'X-Total-Count'] }`), for the OpenAPI document. */
    responseHeaders?: Partial<Record<number, readonly ResponseHeader[]>>;
    /**
     * File fields of a body that may also come as multipart/form-data (field name → description);
     * the document then offers the body as JSON and as multipart with these fields as binary files.
     */
    uploads?: Record<string, string>;
  }
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
interface RouteFacts {
  method: string | string[];
  access: Access | undefined;
  /** false when the route is exempt from rate limiting (`config: { rateLimit: false }`). */
  throttled: boolean;
  schema: Record<string, unknown>;
}

const methodsOf = (method: string | string[]) => (Array.isArray(method) ? method : [method]) as Method[];
const takesBody = (method: string | string[]) =>
  methodsOf(method).some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH');

/**
 * The problem statuses a route can answer, from what it declares: its input (400; 413 and 415 for a
 * body), its access (401 unless public, 403 for a rights requirement, 404 for an unknown customer or
 * an object in the path) and rate limiting (429).
 */
export function impliedProblems({ method, access, throttled, schema }: RouteFacts): number[] {
  const statuses = new Set<number>();
  const body = takesBody(method);
  if (schema.params || schema.querystring || schema.headers || schema.body || body) statuses.add(400);
  if (access !== 'public') statuses.add(401);
  if (typeof access === 'object') statuses.add(403);
  if (schema.params || (typeof access === 'object' && access.rights.customer)) statuses.add(404);
  if (body) statuses.add(413).add(415);
  if (throttled) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

function rightsText(access: Access | undefined): string {
  if (typeof access !== 'object') return 'the rights for this action';
  const list = (rights: RightsList) =>
    'anyOf' in rights ? `one of ${rights.anyOf.join(', ')}` : rights.join(' and ');
  const { customer, global } = access.rights;
  const parts = [
    ...(customer ? [`${list(customer)} on the customer`] : []),
    ...(global ? [`${list(global)} as provider staff`] : []),
  ];
  return parts.join(' and ') || 'the rights for this action';
}

function problemDescription(status: number, access: Access | undefined): string {
  switch (status) {
    case 400:
      return 'The request is not valid: `errors` names each field (VALIDATION_FAILED), or the body or URL cannot be read (BAD_REQUEST).';
    case 401:
      return 'No bearer token, or one that is not valid or has expired (UNAUTHENTICATED).';
    case 403:
      return `The caller lacks ${rightsText(access)} (FORBIDDEN).`;
    case 404:
      return 'The customer or object does not exist or is hidden from the caller (a `…_NOT_FOUND` code).';
    case 409:
      return 'The request conflicts with the current state.';
    case 413:
      return 'The body or its files are too large (PAYLOAD_TOO_LARGE, ATTACHMENT_TOO_LARGE).';
    case 414:
      return 'The URL is too long.';
    case 415:
      return 'The content type is not accepted here (UNSUPPORTED_MEDIA_TYPE), or a file is not of an allowed type.';
    case 429:
      return 'Too many requests (RATE_LIMITED); Retry-After says when to try again.';
    case 503:
      return 'A service the API depends on is unavailable (SERVICE_UNAVAILABLE); try again shortly.';
    default:
      return status >= 500 ? 'The server could not answer.' : 'The request was refused.';
  }
}

/**
 * Completes each route's declaration when it is registered: the problem answers its access and input
 * imply are added to `schema.response` (so they are serialised and documented alike); statuses the
 * route declares itself win.
 */
function completeRoute(route: RouteOptions) {
  const schema = route.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return;
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const implied = impliedProblems({
    method: route.method,
    access: route.config?.access,
    throttled: route.config?.rateLimit !== false,
    schema,
  });
  route.schema = {
    ...schema,
    response: { ...Object.fromEntries(implied.map((status) => [status, problemSchema])), ...declared },
  };
}

const PROBLEM_REF = '#/components/schemas/Problem';
/** Carries each operation's header names from `transform` to `transformObject`, which writes them as $refs. */
const HEADERS_KEY = 'x-portaal-response-headers';

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null;

/** Per route: security from its access, problems as application/problem+json, headers by status. */
function transform(document: Parameters<typeof jsonSchemaTransform>[0]) {
  const result = jsonSchemaTransform(document);
  const schema = result.schema as JsonObject | undefined;
  if (!schema || schema.hide) return result;
  const route = document.route as RouteOptions;
  const access = route.config?.access;
  const throttled = route.config?.rateLimit !== false;
  const declaredHeaders = (schema.responseHeaders ?? {}) as Record<string, readonly ResponseHeader[]>;
  delete schema.responseHeaders;

  const responses = (schema.response ?? {}) as Record<string, JsonObject>;
  const headers: Record<string, ResponseHeader[]> = {};
  for (const [status, response] of Object.entries(responses)) {
    const names: ResponseHeader[] = ['X-Request-Id'];
    if (throttled) names.push('X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset');
    if (status === '429') names.push('Retry-After');
    names.push(...(declaredHeaders[status] ?? []));
    headers[status] = [...new Set(names)];
    if (response.$ref === PROBLEM_REF) {
      responses[status] = {
        description:
          typeof response.description === 'string'
            ? response.description
            : problemDescription(Number(status), access),
        content: { 'application/problem+json': { schema: { $ref: PROBLEM_REF } } },
      };
    }
  }
  uploadBody(schema);
  schema[HEADERS_KEY] = headers;
  schema.security = access === 'public' ? [] : [{ bearer: [] }];
  return { schema, url: namedWildcard(result.url, schema) };
}

/** A body with `uploads`: JSON, or multipart/form-data with the same fields and the files. */
function uploadBody(schema: JsonObject) {
  const uploads = schema.uploads as Record<string, string> | undefined;
  delete schema.uploads;
  if (!uploads || !isObject(schema.body)) return;
  const body = schema.body;
  // Such a body is nullable in the route (a multipart body is read by the handler), never on the wire.
  const variants = Array.isArray(body.anyOf) ? body.anyOf : [body];
  const fields = variants.find((variant) => isObject(variant) && variant.type !== 'null') as JsonObject;
  const files = Object.fromEntries(
    Object.entries(uploads).map(([name, description]) => [
      name,
      { type: 'array', description, items: { type: 'string', format: 'binary' } },
    ]),
  );
  const properties = isObject(fields.properties) ? fields.properties : {};
  schema.body = {
    content: {
      'application/json': { schema: fields },
      'multipart/form-data': { schema: { ...fields, properties: { ...properties, ...files } } },
    },
  };
  delete schema.consumes;
}

/** A wildcard (`…/objects/*`) becomes the path parameter `{path}`, which may hold slashes. */
function namedWildcard(url: string, schema: JsonObject): string {
  if (!url.endsWith('*')) return url;
  const params = isObject(schema.params) ? schema.params : undefined;
  const properties = isObject(params?.properties) ? params.properties : undefined;
  const wildcard = properties?.['*'];
  if (params && properties && isObject(wildcard)) {
    delete properties['*'];
    properties.path = { description: 'The rest of the path; it may hold slashes.', ...wildcard };
    if (Array.isArray(params.required)) {
      params.required = params.required.map((name) => (name === '*' ? 'path' : name));
    }
  }
  return `${url.slice(0, -1)}{path}`;
}

/**
 * zod writes a record with enum keys as `propertyNames` + `required` without `properties`; the same
 * object is written here with one property per key, which every OpenAPI tool reads.
 */
function exhaustiveRecords(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) exhaustiveRecords(item);
  if (!isObject(node)) return;
  const names = isObject(node.propertyNames) ? node.propertyNames.enum : undefined;
  if (
    Array.isArray(names) &&
    Array.isArray(node.required) &&
    !node.properties &&
    isObject(node.additionalProperties)
  ) {
    const value = node.additionalProperties;
    node.properties = Object.fromEntries(names.map((name) => [String(name), value]));
    node.additionalProperties = false;
    delete node.propertyNames;
  }
  for (const child of Object.values(node)) exhaustiveRecords(child);
}

/** The whole document: servers, the header components, and each response's headers as $refs. */
function transformObject(document: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const object = jsonSchemaTransformObject(document) as JsonObject & {
    paths?: Record<string, Record<string, JsonObject>>;
    components?: JsonObject;
  };
  for (const operations of Object.values(object.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const byStatus = operation[HEADERS_KEY] as Record<string, ResponseHeader[]> | undefined;
      delete operation[HEADERS_KEY];
      const responses = operation.responses;
      if (!byStatus || !isObject(responses)) continue;
      for (const [status, names] of Object.entries(byStatus)) {
        const response = responses[status];
        if (!isObject(response) || names.length === 0) continue;
        response.headers = Object.fromEntries(
          names.map((name) => [name, { $ref: `#/components/headers/${name}` }]),
        );
      }
    }
  }
  const schemas = (object.components?.schemas ?? {}) as JsonObject;
  exhaustiveRecords(object.paths);
  exhaustiveRecords(schemas);
  return {
    ...object,
    servers: [{ url: '/', description: 'The portal that serves this document' }],
    components: {
      ...object.components,
      schemas: usedSchemas(object.paths, schemas),
      headers: responseHeaders,
    },
  };
}

/**
 * The schemas the paths refer to, directly or through each other. The zod registry holds an input and
 * an output variant of every schema with an id; a variant no operation uses is left out.
 */
function usedSchemas(paths: unknown, schemas: JsonObject): JsonObject {
  const prefix = '#/components/schemas/';
  const used = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith(prefix)) {
          const name = value.slice(prefix.length);
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(value);
      }
    }
  };
  visit(paths);
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
}

export const openapiPlugin = fp<{ brandName: string }>(async (app: FastifyInstance, { brandName }) => {
  app.addHook('onRoute', completeRoute);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${brandName} API`,
        version: '2.0.0',
        description:
          'Customer self-service portal API. Errors are RFC 9457 problem details (`application/problem+json`) with a stable `code`.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'An OpenID Connect access token of the portal’s identity provider.',
          },
        },
      },
    },
    transform,
    transformObject,
  });
});

/** A body compressed once, sent as brotli or gzip when the client accepts it. */
function compressedOnce(body: () => string) {
  let cached: { raw: Buffer; br: Buffer; gzip: Buffer } | undefined;
  return (accept: string | undefined) => {
    if (!cached) {
      const raw = Buffer.from(body());
      cached = {
        raw,
        br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(raw, { level: 9 }),
      };
    }
    const encoding = /\bbr\b/.test(accept ?? '') ? 'br' : /\bgzip\b/.test(accept ?? '') ? 'gzip' : undefined;
    return { encoding, body: encoding ? cached[encoding] : cached.raw };
  };
}

/**
 * The OpenAPI document, compressed, and a reference page rendered by Redoc's standalone bundle, which
 * the web build ships (api-docs/redoc.standalone.js, precompressed): no inline script, so the CSP stays
 * strict, and no renderer among the production dependencies. Search is off: Redoc runs it in a worker
 * from a blob: URL, which the CSP refuses.
 */
export async function docsRoutes(app: FastifyInstance, { brandName }: { brandName: string }) {
  const document = compressedOnce(() => JSON.stringify(app.swagger()));

  app.get(
    '/api/openapi.json',
    { config: { access: 'public' }, schema: { hide: true, response: { 200: z.unknown() } } },
    async (request, reply) => {
      const { encoding, body } = document(request.headers['accept-encoding']);
      reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(body);
    },
  );

  const page = compressedOnce(
    () => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${brandName.replace(/[<>&"]/g, '')} API reference</title></head>
<body>
<redoc spec-url="/api/openapi.json" disable-search="true"></redoc>
<script src="/api-docs/redoc.standalone.js"></script>
</body>
</html>
`,
  );

  app.get(
    '/api/docs',
    { config: { access: 'public' }, schema: { hide: true, response: { 200: z.unknown() } } },
    async (request, reply) => {
      const { encoding, body } = page(request.headers['accept-encoding']);
      reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(body);
    },
  );
}
