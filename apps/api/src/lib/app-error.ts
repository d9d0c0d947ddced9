import type { ErrorCode } from '@portaal/contracts';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * One error per field, the first: zod can report a field twice (a `max` check also runs on an object
 * that has a `length`, after its type was already refused), and a client shows one message per field.
 */
export function onePerField(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((error) => !seen.has(error.field) && seen.add(error.field));
}

/** A refusal's particulars, sent as the problem's `params` so a client can word it in its own language. */
export type ErrorParams = Record<string, string | number>;

/** The one error type services throw; the error handler turns it into problem details. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  readonly params: ErrorParams | undefined;

  constructor(code: ErrorCode, status: number, message: string, errors?: FieldError[], params?: ErrorParams) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.errors = errors;
    this.params = params;
  }
}

export const notFound = (code: ErrorCode, message: string) => new AppError(code, 404, message);
export const forbidden = (message = 'You do not have the rights for this action.') =>
  new AppError('FORBIDDEN', 403, message);
export const unauthenticated = (message = 'A valid bearer token is required.') =>
  new AppError('UNAUTHENTICATED', 401, message);
export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError(errors ? 'VALIDATION_FAILED' : 'BAD_REQUEST', 400, message, errors);
