import type { APIGatewayProxyResult } from 'aws-lambda';
import { cacheControl } from '../adapters/http/caching';
import { CALENDAR_CONTENT_TYPE } from '../adapters/http/negotiation';
import { serializedResponse } from '../adapters/http/responses';
import type { DayEvent } from '../core/feeds/icalendar';
import { toICalendar } from '../core/feeds/icalendar';
import type { QueryParams } from '../core/shared/query-params';
import { civilDayIn, parseTimeZone } from '../core/shared/time-zone';
import { rememberedAnswer, type ServiceDeps } from './service-deps';

/**
 * A feed's calendar: always iCalendar, kept per filters and year (never per token: the same filters
 * give every subscriber the same calendar), valid until the zone's next midnight.
 */
export const feedResponse = async (
  deps: ServiceDeps,
  kind: 'namedays' | 'search',
  params: QueryParams,
  events: () => Promise<DayEvent[]>,
): Promise<APIGatewayProxyResult> => {
  const now = deps.clock.now();
  const timeZone = parseTimeZone(params);
  const key = `${kind} feed ${civilDayIn(now, timeZone).year} ${timeZone} ${JSON.stringify(params)}`;
  const answer = await rememberedAnswer(deps, key, async () => ({
    body: toICalendar(kind === 'namedays' ? 'Name days' : 'Name days of a name', await events()),
    headers: { 'Content-Type': CALENDAR_CONTENT_TYPE },
  }));
  return serializedResponse(answer, { 'Cache-Control': cacheControl({ dependsOnNow: true, timeZone }, now) });
};
