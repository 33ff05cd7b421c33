import { ROUTE_TABLE, operationFor, operationsAt } from '../contract';
import type { LimitStanding } from '../core/access/usage-windows';

export const METRICS_NAMESPACE = 'NamedayApi';

/**
 * The metrics' name of the operation a request makes, from the route table: a method the path does not
 * answer (a 405) counts under the path's first operation; `unknown` for a path no route has.
 */
export const operationOf = (resource: string, method = 'GET'): string => {
  const operation = operationFor(resource, method) ?? operationsAt(resource)[0];
  return operation ? ROUTE_TABLE[operation].metric : 'unknown';
};

/** A key's tier as its standing shows it: only the free tier has a quota. */
export const tierOf = (standing: LimitStanding | undefined): 'free' | 'paid' | 'none' =>
  standing ? (standing.quota ? 'free' : 'paid') : 'none';

/**
 * CloudWatch embedded metric fields for one request, carried by the request's own log line, so the
 * metrics cost no extra line and no call: requests by operation and status (refusals are the 401, 402
 * and 429 statuses) and by operation and tier; CloudWatch sums either over operations.
 */
export const requestMetricFields = (request: { operation: string; status: number; tier: string; at: Date }) => ({
  _aws: {
    Timestamp: request.at.getTime(),
    CloudWatchMetrics: [
      {
        Namespace: METRICS_NAMESPACE,
        Dimensions: [
          ['Operation', 'Status'],
          ['Operation', 'Tier'],
        ],
        Metrics: [{ Name: 'Requests', Unit: 'Count' }],
      },
    ],
  },
  Operation: request.operation,
  Status: String(request.status),
  Tier: request.tier,
  Requests: 1,
});
