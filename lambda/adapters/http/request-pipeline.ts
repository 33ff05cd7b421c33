import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../core/errors';
import type { Logger } from '../logger';
import { errorResponse } from './error-mapper';

export type RouteHandler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

export interface PipelineDeps {
  logger: Logger;
  /** Milliseconds, for the request's duration only. */
  monotonicNow?: () => number;
}

/**
 * What every request goes through, whichever function serves it: a request id, one log line,
 * and the error mapper. The log names the route and status, never headers: they carry the key.
 */
export const runRequest = async (
  deps: PipelineDeps,
  event: APIGatewayProxyEvent,
  context: Pick<Context, 'awsRequestId'> | undefined,
  route: RouteHandler,
): Promise<APIGatewayProxyResult> => {
  const now = deps.monotonicNow ?? (() => performance.now());
  const started = now();
  const requestId = event.requestContext?.requestId ?? context?.awsRequestId ?? randomUUID();
  let response: APIGatewayProxyResult;
  try {
    response = await route(event);
  } catch (error) {
    response = errorResponse(error);
    if (!(error instanceof ApiError) || response.statusCode >= 500) {
      deps.logger.error('request failed', { requestId, errorId: randomUUID(), error: describeError(error) });
    }
  }
  response.headers = { ...response.headers, 'X-Request-Id': requestId };
  deps.logger.info('request', {
    requestId,
    method: event.httpMethod,
    resource: event.resource,
    status: response.statusCode,
    durationMs: Math.round((now() - started) * 100) / 100,
  });
  return response;
};

const describeError = (error: unknown): Record<string, unknown> =>
  error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack, cause: error.cause && describeError(error.cause) }
    : { value: String(error) };
