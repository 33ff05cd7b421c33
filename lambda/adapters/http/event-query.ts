import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { QueryParams } from '../../core/shared/query-params';

/**
 * Query parameters of a proxy event with every repeated value kept; API Gateway fills both maps,
 * and the multi-value one is the only place a repeated parameter shows.
 */
export const queryParamsOf = (
  event: Pick<APIGatewayProxyEvent, 'queryStringParameters' | 'multiValueQueryStringParameters'>,
): QueryParams => {
  const params: Record<string, readonly string[]> = {};
  for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) {
    if (value !== undefined) params[name] = [value];
  }
  for (const [name, values] of Object.entries(event.multiValueQueryStringParameters ?? {})) {
    if (values && values.length > 0) params[name] = values;
  }
  return params;
};
