import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { Admission } from '../../core/access/admission';
import { ServiceError } from '../../core/shared/errors';
import type { Logger } from '../logger';
import { errorResponse } from './error-mapper';
import { limitHeaders } from './limit-headers';

export type RouteHandler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

export interface PipelineDeps {
  logger: Logger;
  /** Counts the request against its key's limits; absent, every request is let through uncounted. */
  admission?: Admission;
  /** Milliseconds, for the request's duration only. */
  monotonicNow?: () => number;
}

/** The x-api-key header, whatever the case the client wrote its name in. */
const apiKeyOf = (event: APIGatewayProxyEvent): string | undefined => {
  const name = Object.keys(event.headers ?? {}).find((header) => header.toLowerCase() === 'x-api-key');
  return name === undefined ? undefined : (event.headers[name] ?? undefined);
};

/**
 * Admission and the route run side by side, so that counting adds no round trip: a refused request
 * answers with its refusal and the route's work is dropped; an admitted one answers with the route's
 * outcome, a 400 included (it counts), plus the key's limit headers. A malformed key is refused
 * before either touches the store.
 */
const admitAndRoute = async (
  admission: Admission | undefined,
  event: APIGatewayProxyEvent,
  route: RouteHandler,
): Promise<{ response?: APIGatewayProxyResult; failure?: unknown; headers: Record<string, string> }> => {
  if (!admission) {
    try {
      return { response: await route(event), headers: {} };
    } catch (failure) {
      return { failure, headers: {} };
    }
  }
  const apiKey = apiKeyOf(event);
  admission.checkShape(apiKey);
  const [admitted, routed] = await Promise.allSettled([admission.admit(apiKey), route(event)]);
  if (admitted.status === 'rejected') throw admitted.reason;
  const headers = limitHeaders(admitted.value);
  return routed.status === 'fulfilled' ? { response: routed.value, headers } : { failure: routed.reason, headers };
};

const describeError = (error: unknown): Record<string, unknown> =>
  error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack, cause: error.cause && describeError(error.cause) }
    : { value: String(error) };

/**
 * What every request goes through, whichever function serves it: a request id, admission, one log
 * line, and the error mapper. The log names the route and status, never headers: they carry the key.
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
  let outcome: Awaited<ReturnType<typeof admitAndRoute>>;
  try {
    outcome = await admitAndRoute(deps.admission, event, route);
  } catch (refusal) {
    outcome = { failure: refusal, headers: {} };
  }
  const response = outcome.response ?? errorResponse(outcome.failure);
  if (outcome.failure !== undefined && (!(outcome.failure instanceof ServiceError) || response.statusCode >= 500)) {
    deps.logger.error('request failed', { requestId, errorId: randomUUID(), error: describeError(outcome.failure) });
  }
  response.headers = { ...response.headers, ...outcome.headers, 'X-Request-Id': requestId };
  deps.logger.info('request', {
    requestId,
    method: event.httpMethod,
    resource: event.resource,
    status: response.statusCode,
    durationMs: Math.round((now() - started) * 100) / 100,
  });
  return response;
};
