import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { queryParamsOf } from '../adapters/http/event-query';
import { runRequest } from '../adapters/http/request-pipeline';
import { cacheControl } from '../adapters/http/caching';
import { answerFormat, CALENDAR_CONTENT_TYPE } from '../adapters/http/negotiation';
import { toICalendar } from '../core/feeds/icalendar';
import { resultEvent } from '../core/feeds/name-day-events';
import { dispatch } from './dispatch';
import { feedResponse } from './feed-response';
import { serializedResponse } from '../adapters/http/responses';
import { searchNames } from '../core/names/search-names';
import { parseSearchQuery } from '../core/names/search-query';
import { rememberedAnswer, type ServiceDeps } from './service-deps';

/** Finds the dates a name is celebrated on: one index query, dated in the requested year. */
export const makeSearchHandler = (deps: ServiceDeps) => {
  const { nameIndex } = deps;
  if (!nameIndex) throw new Error('The search handler needs the name index table');
  const route = dispatch<'search'>({
    searchFeed: async (event, feed) =>
      feedResponse(deps, event, feed, { catalog: await deps.catalog(), fixedDays: deps.fixedDays, nameIndex }),
    searchNames: async (event) => {
      const query = parseSearchQuery(queryParamsOf(event), deps.clock.now());
      const catalog = await deps.catalog();
      const format = answerFormat(event);
      const answer = await rememberedAnswer(deps, `search ${format} ${JSON.stringify(query)}`, async () => {
        const { results, truncated } = await searchNames(query, catalog, nameIndex);
        const headers: Record<string, string> = truncated ? { 'X-Results-Truncated': 'true' } : {};
        return format === 'ics'
          ? {
              body: toICalendar('Name days', results.map(resultEvent)),
              headers: { ...headers, 'Content-Type': CALENDAR_CONTENT_TYPE },
            }
          : { body: JSON.stringify({ results }), headers };
      });
      return serializedResponse(answer, { 'Cache-Control': cacheControl(query, deps.clock.now()) });
    },
  });
  return (event: APIGatewayProxyEvent, context?: Context): Promise<APIGatewayProxyResult> =>
    runRequest(deps, event, context, route);
};
