import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { queryParamsOf } from '../adapters/http/event-query';
import { runRequest } from '../adapters/http/request-pipeline';
import { cacheControl } from '../adapters/http/caching';
import { answerFormat, CALENDAR_CONTENT_TYPE } from '../adapters/http/negotiation';
import type { Answer } from '../adapters/memory/answer-cache';
import { feedResponse } from './feed-response';
import { toICalendar } from '../core/feeds/icalendar';
import { entryEvent } from '../core/feeds/name-day-events';
import { jsonResponse, serializedResponse } from '../adapters/http/responses';
import { dispatch } from './dispatch';
import { currentUtcYear } from '../core/shared/clock';
import { listCalendars } from '../core/listing/list-calendars';
import { listNamedays } from '../core/listing/list-namedays';
import { parseListQuery } from '../core/listing/list-query';
import { rememberedAnswer, type ServiceDeps } from './service-deps';

/** Serves the listing and the calendars: both read the catalog, so one function keeps it warm. */
export const makeListingHandler = (deps: ServiceDeps) => {
  const route = dispatch<'listing'>({
    listCalendars: async () =>
      jsonResponse(200, listCalendars(await deps.catalog(), currentUtcYear(deps.clock)), {
        'Cache-Control': cacheControl({ dependsOnNow: true, timeZone: 'UTC' }, deps.clock.now()),
      }),
    namedaysFeed: async (event, feed) =>
      feedResponse(deps, event, feed, { catalog: await deps.catalog(), fixedDays: deps.fixedDays }),
    listNamedays: async (event) => {
      const catalog = await deps.catalog();
      const query = parseListQuery(queryParamsOf(event), catalog, deps.clock.now());
      const format = answerFormat(event);
      const answer = await rememberedAnswer(deps, `listing ${format} ${JSON.stringify(query)}`, async (): Promise<Answer> => {
        const page = await listNamedays(query, catalog, deps.fixedDays);
        return format === 'ics'
          ? {
              body: toICalendar(
                'Name days',
                page.namedays.map((entry) =>
                  entryEvent(entry, catalog.find(entry.calendar.replace(/-\d{4}$/, ''))?.calendarName ?? entry.calendar),
                ),
              ),
              headers: { 'Content-Type': CALENDAR_CONTENT_TYPE },
            }
          : { body: JSON.stringify(page), headers: {} };
      });
      return serializedResponse(answer, { 'Cache-Control': cacheControl(query, deps.clock.now()) });
    },
  });
  return (event: APIGatewayProxyEvent, context?: Context): Promise<APIGatewayProxyResult> =>
    runRequest(deps, event, context, route);
};
