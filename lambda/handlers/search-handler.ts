import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { runRequest } from '../adapters/http/request-pipeline';
import { jsonResponse } from '../adapters/http/responses';
import type { ServiceDeps } from '../service';

export const SEARCH_RESOURCES = ['/api/search', '/api/v1/search'] as const;

/** Search answers through the same pipeline; matching arrives with the name index (search issue). */
export const makeSearchHandler =
  (deps: Pick<ServiceDeps, 'logger'>) =>
  (event: APIGatewayProxyEvent, context?: Context): Promise<APIGatewayProxyResult> =>
    runRequest(deps, event, context, async () => jsonResponse(200, { results: [] }));
