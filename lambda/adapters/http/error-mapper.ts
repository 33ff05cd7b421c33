import type { APIGatewayProxyResult } from 'aws-lambda';
import { ApiError, LimitError, MethodNotAllowedError, StoreUnavailableError } from '../../core/errors';
import { errorBody, jsonResponse } from './responses';

export const INTERNAL_ERROR_RESPONSE_BODY = errorBody(500, 'Internal Server Error', 'Internal server error');

/** The one place errors become responses; nothing but an ApiError's own message reaches a client. */
export const errorResponse = (error: unknown): APIGatewayProxyResult => {
  if (!(error instanceof ApiError)) return jsonResponse(500, INTERNAL_ERROR_RESPONSE_BODY);
  const headers: Record<string, string> = error instanceof LimitError ? { ...error.headers } : {};
  if (error instanceof StoreUnavailableError) headers['Retry-After'] = String(error.retryAfterSeconds);
  if (error instanceof MethodNotAllowedError) headers.Allow = 'GET';
  return jsonResponse(error.statusCode, errorBody(error.statusCode, error.title, error.message), headers);
};
