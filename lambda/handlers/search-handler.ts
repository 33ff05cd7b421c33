import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { queryParamsOf } from '../adapters/http/event-query';
import { runRequest } from '../adapters/http/request-pipeline';
import { jsonResponse } from '../adapters/http/responses';
import { currentUtcYear } from '../core/clock';
import { searchNames } from '../core/search-names';
import { parseSearchQuery } from '../core/search-query';
import type { ServiceDeps } from '../service';

export const SEARCH_RESOURCES = ['/api/search', '/api/v1/search'] as const;

/** Finds the dates a name is celebrated on: one index query, dated in the requested year. */
export const makeSearchHandler =
  (deps: ServiceDeps) =>
  (event: APIGatewayProxyEvent, context?: Context): Promise<APIGatewayProxyResult> =>
    runRequest(deps, event, context, async () => {
      const query = parseSearchQuery(queryParamsOf(event), currentUtcYear(deps.clock));
      const catalog = await deps.catalog();
      const { results, truncated } = await searchNames(query, catalog, deps.nameIndex);
      return jsonResponse(200, { results }, truncated ? { 'X-Results-Truncated': 'true' } : {});
    });
