import type { APIGatewayProxyResult } from 'aws-lambda';
import { ERRORS, errorBody, type ErrorKind } from '../../contract';
import {
  ConflictError,
  ForbiddenError,
  LimitError,
  NotFoundError,
  QuotaExceededError,
  RateLimitedError,
  ServiceError,
  SessionRequiredError,
  StoreUnavailableError,
  UnauthorizedError,
  ValidationError,
} from '../../core/shared/errors';
import { MethodNotAllowedError, PayloadTooLargeError, RouteNotFoundError } from './http-errors';
import { limitHeaders } from './limit-headers';
import { jsonResponse } from './responses';

const kindOf = (error: ServiceError): ErrorKind => {
  if (error instanceof ValidationError) return 'validation';
  if (error instanceof UnauthorizedError) return 'unauthorized';
  if (error instanceof QuotaExceededError) return 'quotaExceeded';
  if (error instanceof RateLimitedError) return 'rateLimited';
  if (error instanceof RouteNotFoundError) return 'routeNotFound';
  if (error instanceof MethodNotAllowedError) return 'methodNotAllowed';
  if (error instanceof StoreUnavailableError) return 'storeUnavailable';
  if (error instanceof NotFoundError) return 'notFound';
  if (error instanceof ForbiddenError) return 'forbidden';
  if (error instanceof ConflictError) return 'conflict';
  if (error instanceof SessionRequiredError) return 'sessionRequired';
  if (error instanceof PayloadTooLargeError) return 'payloadTooLarge';
  return 'internal';
};

const headersOf = (error: ServiceError): Record<string, string> => ({
  ...(error instanceof LimitError && limitHeaders(error.standing)),
  ...(error instanceof RateLimitedError && { 'Retry-After': String(error.retryAfterSeconds) }),
  ...(error instanceof StoreUnavailableError && { 'Retry-After': String(error.retryAfterSeconds) }),
  ...(error instanceof MethodNotAllowedError && { Allow: error.allow }),
});

/** The status of an error's answer: 500 for anything that is not a ServiceError. */
export const statusOf = (error: unknown): number => ERRORS[error instanceof ServiceError ? kindOf(error) : 'internal'].status;

/** The one place errors become responses; nothing but a ServiceError's own message reaches a client. */
export const errorResponse = (error: unknown): APIGatewayProxyResult => {
  if (!(error instanceof ServiceError)) return jsonResponse(ERRORS.internal.status, errorBody('internal'));
  const kind = kindOf(error);
  return jsonResponse(ERRORS[kind].status, errorBody(kind, error.message), headersOf(error));
};
