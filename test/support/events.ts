import type { APIGatewayProxyEvent } from 'aws-lambda';
import { proxyEvent } from '../../local/proxy-event';

/** A GET proxy event for `resource` with a raw query string, as API Gateway would build it. */
export const getEvent = (resource: string, query = '', headers: Record<string, string> = {}): APIGatewayProxyEvent =>
  proxyEvent({ method: 'GET', resource, path: resource, query, headers, requestId: 'test-request' });
