import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { Admission } from '../../core/access/admission';
import type { LimitStanding } from '../../core/access/usage-windows';
import type { Clock } from '../../core/shared/clock';
import { isWellFormedFeedToken, type FeedRecord, type FeedTokens } from '../../core/access/feed-tokens';
import { LimitError, ServiceError, UnauthorizedError } from '../../core/shared/errors';
import { ROUTE_TABLE, operationFor } from '../../contract';
import { operationOf, requestMetricFields, tierOf } from '../metrics';
import { systemClock } from '../system-clock';
import type { Logger } from '../logger';
import { withValidation } from './caching';
import { errorResponse } from './error-mapper';
import { limitHeaders } from './limit-headers';

/** A route; on a feed route it gets the feed its token opened (what it shows is the feed's, not the URL's). */
export type RouteHandler = (event: APIGatewayProxyEvent, feed?: FeedRecord) => Promise<APIGatewayProxyResult>;

export interface PipelineDeps {
  logger: Logger;
  /** Counts the request against its key's limits; absent, every request is let through uncounted. */
  admission?: Admission;
  /** Resolves feed tokens to the keys they count against; absent, feed routes are refused. */
  feeds?: FeedTokens;
  /** The data version answered from: tags every 200 for revalidation. Absent, no tags. */
  dataVersion?: string;
  /** Wall-clock time, for the metrics' timestamp. @default the system clock */
  clock?: Clock;
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
interface Outcome {
  response?: APIGatewayProxyResult;
  failure?: unknown;
  headers: Record<string, string>;
  /** The key's standing, when the key is known: what the metrics learn its tier from. */
  standing?: LimitStanding;
}

/**
 * The feed a feed route's token opens, found before anything else (its key is what the request counts
 * against); a malformed, unknown or revoked token is refused here, before the route runs.
 */
const feedOf = async (feeds: FeedTokens | undefined, event: APIGatewayProxyEvent): Promise<FeedRecord | undefined> => {
  const operation = operationFor(event.resource, event.httpMethod);
  if (!operation || ROUTE_TABLE[operation].authorization !== 'feed-token') return undefined;
  const token = event.pathParameters?.token;
  if (!feeds || !isWellFormedFeedToken(token)) throw new UnauthorizedError();
  return feeds.resolve(token);
};

/** Counts the request against its key: the x-api-key's, or on a feed route the feed's key, once a day. */
const countingOf = (
  admission: Admission,
  event: APIGatewayProxyEvent,
  feed: FeedRecord | undefined,
): (() => Promise<LimitStanding>) => {
  if (feed) return () => admission.admitKeyHash(feed.keyHash, feed.id);
  const apiKey = apiKeyOf(event);
  admission.checkShape(apiKey);
  return () => admission.admit(apiKey);
};

const admitAndRoute = async (
  admission: Admission | undefined,
  feeds: FeedTokens | undefined,
  event: APIGatewayProxyEvent,
  route: RouteHandler,
): Promise<Outcome> => {
  if (!admission) {
    try {
      return { response: await route(event, await feedOf(feeds, event)), headers: {} };
    } catch (failure) {
      return { failure, headers: {} };
    }
  }
  const feed = await feedOf(feeds, event);
  const count = countingOf(admission, event, feed);
  const [admitted, routed] = await Promise.allSettled([count(), route(event, feed)]);
  if (admitted.status === 'rejected') throw admitted.reason;
  const standing = admitted.value;
  const headers = limitHeaders(standing);
  return routed.status === 'fulfilled'
    ? { response: routed.value, headers, standing }
    : { failure: routed.reason, headers, standing };
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
  let outcome: Outcome;
  try {
    outcome = await admitAndRoute(deps.admission, deps.feeds, event, route);
  } catch (refusal) {
    outcome = { failure: refusal, headers: {}, ...(refusal instanceof LimitError && { standing: refusal.standing }) };
  }
  const routed = outcome.response ?? errorResponse(outcome.failure);
  const response = deps.dataVersion ? withValidation(event, routed, deps.dataVersion) : routed;
  if (outcome.failure !== undefined && (!(outcome.failure instanceof ServiceError) || response.statusCode >= 500)) {
    deps.logger.error('request failed', { requestId, errorId: randomUUID(), error: describeError(outcome.failure) });
  }
  response.headers = { ...response.headers, ...outcome.headers, 'X-Request-Id': requestId };
  // One line a request, paid for at every request: the metric fields name the operation and status,
  // and API Gateway's access log has the path; nothing is written twice.
  deps.logger.info('request', {
    requestId,
    durationMs: Math.round((now() - started) * 100) / 100,
    ...requestMetricFields({
      operation: operationOf(event.resource, event.httpMethod),
      status: response.statusCode,
      tier: tierOf(outcome.standing),
      at: (deps.clock ?? systemClock).now(),
    }),
  });
  return response;
};
