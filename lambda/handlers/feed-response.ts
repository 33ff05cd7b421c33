import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { queryParamsOf } from '../adapters/http/event-query';
import { cacheControl } from '../adapters/http/caching';
import { CALENDAR_CONTENT_TYPE } from '../adapters/http/negotiation';
import { serializedResponse } from '../adapters/http/responses';
import type { FeedRecord } from '../core/access/feed-tokens';
import { subscriptionEvents, subscriptionFromFirstUse, type FeedSources } from '../core/feeds/feed-events';
import { toICalendar } from '../core/feeds/icalendar';
import { feedFileOf, feedTitle, type Subscription } from '../core/feeds/subscription';
import { NotFoundError, UnauthorizedError } from '../core/shared/errors';
import { rememberedAnswer, type ServiceDeps } from './service-deps';

/** Calendar apps fetch a feed again after this long: the days it shows change once a day at most. */
export const FEED_REFRESH_INTERVAL = 'P1D';

const fileOf = (event: APIGatewayProxyEvent): 'namedays.ics' | 'search.ics' =>
  event.resource.endsWith('/search.ics') ? 'search.ics' : 'namedays.ics';

/** What the feed shows: its own subscription, or for a feed of old the query of its first use. */
const subscriptionOf = async (
  deps: ServiceDeps,
  feed: FeedRecord,
  event: APIGatewayProxyEvent,
  sources: FeedSources,
): Promise<Subscription> => {
  if (feed.subscription) return feed.subscription;
  if (!deps.feeds) throw new UnauthorizedError();
  return deps.feeds.adoptSubscription(
    feed,
    subscriptionFromFirstUse(fileOf(event), queryParamsOf(event), sources.catalog, deps.clock.now()),
  );
};

/**
 * A feed's calendar: always iCalendar, what the feed was made to show whatever the URL's query says,
 * kept per subscription and year (never per token: the same subscription gives every subscriber the
 * same calendar), valid until the next UTC midnight, with the refresh hints calendar apps read.
 */
export const feedResponse = async (
  deps: ServiceDeps,
  event: APIGatewayProxyEvent,
  feed: FeedRecord | undefined,
  sources: FeedSources,
): Promise<APIGatewayProxyResult> => {
  if (!feed) throw new UnauthorizedError();
  const subscription = await subscriptionOf(deps, feed, event, sources);
  if (feedFileOf(subscription.kind) !== fileOf(event)) {
    throw new NotFoundError(`This feed's URL ends in /${feedFileOf(subscription.kind)}`);
  }
  const now = deps.clock.now();
  const key = `feed ${now.toISOString().slice(0, 10)} ${JSON.stringify(subscription)}`;
  const answer = await rememberedAnswer(deps, key, async () => ({
    body: toICalendar(
      {
        name: feedTitle(subscription, (slug) => sources.catalog.find(slug)?.calendarName ?? slug),
        refreshInterval: FEED_REFRESH_INTERVAL,
      },
      await subscriptionEvents(subscription, sources, now),
    ),
    headers: { 'Content-Type': CALENDAR_CONTENT_TYPE },
  }));
  const timeZone = subscription.kind === 'people' ? 'UTC' : (subscription.tz ?? 'UTC');
  return serializedResponse(answer, { 'Cache-Control': cacheControl({ dependsOnNow: true, timeZone }, now) });
};
