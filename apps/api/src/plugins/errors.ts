import type { Problem } from '@portaal/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError, onePerField } from '../lib/app-error.ts';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const locations: Record<string, string> = {
  body: 'body field',
  querystring: 'query parameter',
  params: 'path parameter',
  headers: 'header',
};

function fieldErrors(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return onePerField(
    error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body',
      message: issue.message ?? 'is invalid',
    })),
  );
}

/** Maps any error to one problem (RFC 9457); 5xx answers never carry internals. */
export function toProblem(error: FastifyError | AppError, requestId: string): Problem {
  const problem = (status: number, code: string, detail: string, errors?: FieldError[]): Problem => ({
    type: 'about:blank',
    title: titles[status] ?? (status >= 500 ? 'Server Error' : 'Client Error'),
    status,
    detail,
    code,
    request_id: requestId,
    ...(errors && errors.length > 0 ? { errors } : {}),
  });

  if (error instanceof AppError) {
    const answer = problem(error.status, error.code, error.message, error.errors);
    return error.params ? { ...answer, params: error.params } : answer;
  }

  if ('validation' in error && error.validation) {
    const errors = fieldErrors(error);
    const where = locations[error.validationContext ?? 'body'] ?? 'field';
    const first = errors[0];
    const detail = first ? `${where} ${first.field} ${first.message}` : 'The request is not valid.';
    return problem(
      400,
      'VALIDATION_FAILED',
      detail,
      errors.length ? errors : [{ field: where, message: 'is invalid' }],
    );
  }

  const status = error.statusCode ?? 500;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return problem(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return problem(415, 'UNSUPPORTED_MEDIA_TYPE', 'This content type is not supported here.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return problem(400, 'BAD_REQUEST', 'The request body must not be empty.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return problem(400, 'BAD_REQUEST', 'The request body is not valid JSON.');
    case 'FST_ERR_BAD_URL':
      return problem(400, 'BAD_REQUEST', 'The URL is not valid.');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return problem(414, 'BAD_REQUEST', 'A path parameter of the URL is too long.');
  }
  if (status === 429) return problem(429, 'RATE_LIMITED', 'Too many requests; try again shortly.');
  if (status === 404) return problem(404, 'NOT_FOUND', 'Not found.');
  if (status >= 400 && status < 500)
    return problem(status, 'BAD_REQUEST', 'The request could not be processed.');
  if (status === 503)
    return problem(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable; try again shortly.');
  return problem(500, 'INTERNAL_ERROR', 'An unexpected error occurred.');
}

export function sendProblem(reply: FastifyReply, problem: Problem) {
  return reply.code(problem.status).type('application/problem+json').send(problem);
}

/**
 * Not-found answers that also stand for "you may not see this": the API does not tell a hidden
 * customer, ticket or attachment from a missing one, but the log records each as a denied access.
 * Not on the staff routes: staff hold their rights globally, so nothing is hidden from them there and a
 * miss (a lookup by accounting id while it is typed) is only a miss.
 */
const DENIED_AS_NOT_FOUND = new Set(['CUSTOMER_NOT_FOUND', 'TICKET_NOT_FOUND', 'ATTACHMENT_NOT_FOUND']);
const isDenial = (problem: Problem, request: FastifyRequest) =>
  problem.status === 403 ||
  (DENIED_AS_NOT_FOUND.has(problem.code) && !request.routeOptions.url?.startsWith('/api/admin/'));

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const problem = toProblem(error, request.id);
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    else if (isDenial(problem, request)) {
      request.log.warn({ code: problem.code, url: request.url }, 'access denied');
    }
    if (problem.status === 401) reply.header('WWW-Authenticate', 'Bearer');
    return sendProblem(reply, problem);
  });

  app.setNotFoundHandler((request, reply) => {
    return sendProblem(reply, {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: `No route for ${request.method} ${request.url.split('?')[0]}`,
      code: 'ROUTE_NOT_FOUND',
      request_id: request.id,
    });
  });
});
