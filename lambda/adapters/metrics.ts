import { PORTAL_ROUTES, ROUTES, type Operation, type PortalOperation } from '../contract';
import type { LimitStanding } from '../core/access/usage-windows';

export const METRICS_NAMESPACE = 'NamedayApi';

/** The operation a resource path belongs to (the dashboard's as `portal.<operation>`); `unknown` for a path no route has. */
export const operationOf = (resource: string): Operation | `portal.${PortalOperation}` | 'unknown' => {
  const api = (Object.keys(ROUTES) as Operation[]).find((operation) =>
    (ROUTES[operation] as readonly string[]).includes(resource),
  );
  if (api) return api;
  const portal = (Object.keys(PORTAL_ROUTES) as PortalOperation[]).find(
    (operation) => PORTAL_ROUTES[operation].path === resource,
  );
  return portal ? `portal.${portal}` : 'unknown';
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
