import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import ICAL from 'ical.js';
import { makeListingHandler } from '../../../lambda/handlers/listing-handler';
import { COUNTRY_NAMES } from '../../../lambda/core/shared/countries';
import { createServiceDeps, type ServiceDeps } from '../../../lambda/handlers/service-deps';
import { getEvent } from '../../support/events';
import { connectSeededStore, type SharedStore } from '../../support/seeded-store';
import { recordingLogger } from '../../support/silent-logger';

const clock = { now: () => new Date('2026-11-21T10:00:00Z') };
let store: SharedStore;
let deps: ServiceDeps;

beforeAll(async () => {
  store = connectSeededStore();
  deps = createServiceDeps({
    client: store.client,
    tables: store.tables,
    dataVersion: store.dataVersion,
    clock,
    logger: recordingLogger(),
  });
});
afterAll(() => store.close());

/** Through the handler; with overrides, on a service of its own that has kept no answer yet. */
const call = async (resource: string, query = '', overrides: Partial<ServiceDeps> = {}) => {
  const service = Object.keys(overrides).length > 0 ? { ...deps, answers: undefined, ...overrides } : deps;
  const response = await makeListingHandler(service)(getEvent(resource, query));
  return { ...response, json: JSON.parse(response.body) };
};

describe('listing handler', () => {
  it('returns 200 with name days and pagination in JSON', async () => {
    const response = await call('/api/v1/namedays', 'country=CZ&date=2026-03-19');
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({ 'Content-Type': 'application/json; charset=utf-8' });
    expect(response.json.namedays[0]).toMatchObject({ date: '2026-03-19', names: ['Josef'], calendar: 'czech-civil-2026' });
    expect(response.json.pagination).toEqual({ limit: 100, offset: 0, total: 1 });
  });

  it('publishes all 19 countries: Finland names Juhani on 24 June, and every country has an entry on 6 December', async () => {
    const midsummer = await call('/api/v1/namedays', 'country=FI&date=2026-06-24');
    expect(midsummer.json.namedays.flatMap((entry: { names: string[] }) => entry.names)).toContain('Juhani');
    const december = await call('/api/v1/namedays', 'date=2026-12-06&limit=365');
    const countries = new Set(december.json.namedays.map((entry: { country: string }) => entry.country));
    expect(Object.keys(COUNTRY_NAMES).filter((country) => !countries.has(country))).toEqual([]);
    expect(Object.keys(COUNTRY_NAMES)).toHaveLength(19);
  });

  it('serves the unversioned path the same way', async () => {
    expect((await call('/api/namedays', 'country=CZ&date=2026-03-19')).json).toEqual(
      (await call('/api/v1/namedays', 'country=CZ&date=2026-03-19')).json,
    );
  });

  it("answers date=today in the caller's time zone: at 10:00 UTC on 21 November it is already the 22nd on Kiritimati", async () => {
    const kiritimati = await call('/api/v1/namedays', 'country=CZ&date=today&tz=Pacific/Kiritimati');
    expect(kiritimati.json.namedays.map((entry: { date: string }) => entry.date)).toEqual(['2026-11-22']);
    const prague = await call('/api/v1/namedays', 'country=CZ&date=today&tz=Europe/Prague');
    expect(prague.json.namedays.map((entry: { date: string }) => entry.date)).toEqual(['2026-11-21']);
    const utc = await call('/api/v1/namedays', 'country=CZ&date=yesterday');
    expect(utc.json.namedays.map((entry: { date: string }) => entry.date)).toEqual(['2026-11-20']);
  });

  it('tags every 200 with an ETag that follows the answer and the data version', async () => {
    const josef = await call('/api/v1/namedays', 'country=CZ&date=2026-03-19');
    const again = await call('/api/v1/namedays', 'country=CZ&date=2026-03-19');
    const other = await call('/api/v1/namedays', 'country=CZ&date=2026-03-20');
    // Another data version is another process, with nothing kept yet.
    const otherVersion = await makeListingHandler({ ...deps, answers: undefined, dataVersion: 'another-version' })(
      getEvent('/api/v1/namedays', 'country=CZ&date=2026-03-19'),
    );
    expect(josef.headers?.ETag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(again.headers?.ETag).toBe(josef.headers?.ETag);
    expect(other.headers?.ETag).not.toBe(josef.headers?.ETag);
    expect(otherVersion.headers?.ETag).not.toBe(josef.headers?.ETag);
  });

  it('answers 304 with no body to a client that holds the answer, and 200 to one that does not', async () => {
    const first = await call('/api/v1/namedays', 'country=CZ&date=2026-03-19');
    const tag = first.headers?.ETag as string;
    const held = await makeListingHandler(deps)(
      getEvent('/api/v1/namedays', 'country=CZ&date=2026-03-19', { 'If-None-Match': `"x", W/${tag}` }),
    );
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    expect(held.headers).toMatchObject({ ETag: tag, 'Cache-Control': 'private, max-age=86400' });
    const stale = await makeListingHandler(deps)(
      getEvent('/api/v1/namedays', 'country=CZ&date=2026-03-19', { 'if-none-match': '"old"' }),
    );
    expect(stale.statusCode).toBe(200);
  });

  it.each([
    ['country=CZ&date=2026-03-19', 'private, max-age=86400'],
    ['country=CZ&month=2026-03', 'private, max-age=86400'],
    ['calendar_id=czech-civil-2026', 'private, max-age=86400'],
    // 10:00 UTC: fourteen hours to UTC midnight; on Kiritimati (UTC+14) it is midnight already.
    ['country=CZ', 'private, max-age=50400'],
    ['country=CZ&date=today', 'private, max-age=50400'],
    ['country=CZ&date=today&tz=Pacific/Kiritimati', 'private, max-age=86400'],
    ['country=CZ&date=tomorrow&tz=Europe/Prague', 'private, max-age=46800'],
  ])('lets a client cache %s for %s', async (query, cacheControl) => {
    expect((await call('/api/v1/namedays', query)).headers).toMatchObject({ 'Cache-Control': cacheControl });
  });

  it('answers in iCalendar for Accept: text/calendar, one event per entry, JSON staying the default', async () => {
    const ics = await makeListingHandler(deps)(
      getEvent('/api/v1/namedays', 'country=CZ&month=2026-03', { Accept: 'text/calendar, */*;q=0.1' }),
    );
    const json = await call('/api/v1/namedays', 'country=CZ&month=2026-03');
    expect(ics.statusCode).toBe(200);
    expect(ics.headers).toMatchObject({ 'Content-Type': 'text/calendar; charset=utf-8' });
    const events = new ICAL.Component(ICAL.parse(ics.body) as unknown[]).getAllSubcomponents('vevent');
    expect(events).toHaveLength(json.json.namedays.length);
    expect(
      new ICAL.Event(events.find((event) => new ICAL.Event(event).startDate.toString() === '2026-03-19') as ICAL.Component)
        .summary,
    ).toBe('Josef');
    expect(ics.headers?.ETag).not.toBe(json.headers?.ETag);
  });

  it('refuses an unknown time zone with 400', async () => {
    const response = await call('/api/v1/namedays', 'date=today&tz=Europe/Atlantis');
    expect(response.statusCode).toBe(400);
    expect(response.json).toEqual({
      error: 'Bad Request',
      message: 'Invalid time zone. Use an IANA time zone such as Europe/Prague',
      statusCode: 400,
    });
  });

  it('uses the current UTC year when neither date nor month is given', async () => {
    const response = await call('/api/v1/namedays', 'country=HU&limit=1');
    expect(response.json.namedays[0].date).toBe('2026-01-01');
  });

  it.each([
    ['month=2026-13', 'Invalid month format. Use YYYY-MM'],
    ['country=ZZ', 'Invalid country code: ZZ'],
    ['date=2026-02-30', 'Invalid date format. Use YYYY-MM-DD'],
    ['country=CZ&country=SK', 'Parameter country given more than once'],
    ['limit=%FF', 'Invalid limit. Use an integer from 1 to 365'],
    ['country=%E2%80%AE', 'Invalid country code: \u202e'],
  ])('returns 400 with the error body for %s', async (query, message) => {
    const response = await call('/api/v1/namedays', query);
    expect(response.statusCode).toBe(400);
    expect(response.json).toEqual({ error: 'Bad Request', message, statusCode: 400 });
  });

  it('lists the calendars with their ids for the current year', async () => {
    const response = await call('/api/v1/calendars');
    expect(response.statusCode).toBe(200);
    expect(response.json.calendars).toContainEqual({
      id: 'czech-civil-2026',
      slug: 'czech-civil',
      country: 'CZ',
      countryName: 'Czechia',
      tradition: null,
      calendarName: 'Czech Civil Calendar',
      languages: ['cs'],
    });
  });

  it('answers an unexpected failure with the generic 500 body and logs the details with an error id', async () => {
    const logger = recordingLogger();
    const failing = { readFixedDays: () => Promise.reject(new Error('table exploded: secret detail')) };
    const response = await call('/api/v1/namedays', 'country=CZ', { fixedDays: failing, logger });
    expect(response.statusCode).toBe(500);
    expect(response.json).toEqual({ error: 'Internal Server Error', message: 'Internal server error', statusCode: 500 });
    expect(response.body).not.toContain('secret');
    const logged = logger.lines.find((line) => line.level === 'error');
    expect(JSON.stringify(logged)).toContain('table exploded');
    expect(logged?.attributes?.errorId).toEqual(expect.any(String));
  });

  it('answers a throttled store with 503 and Retry-After', async () => {
    const throttled = Object.assign(new Error('slow down'), {
      name: 'ProvisionedThroughputExceededException',
      $fault: 'client',
      $metadata: { httpStatusCode: 400 },
    });
    const { DynamoDbNamedayRepository } = await import('../../../lambda/adapters/dynamodb/dynamodb-nameday-repository');
    // A real client, as the SDK's paginators accept no other, whose every call is throttled.
    const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
    client.send = () => Promise.reject(throttled);
    const response = await call('/api/v1/namedays', 'country=CZ', { fixedDays: new DynamoDbNamedayRepository(client, 'x', 'v') });
    expect(response.statusCode).toBe(503);
    expect(response.headers).toMatchObject({ 'Retry-After': '1' });
    expect(response.json.error).toBe('Service Unavailable');
  });

  it('never writes request headers, and so never the API key, to the log', async () => {
    const logger = recordingLogger();
    const key = 'nd_live_0123456789abcdef0123456789abcdef';
    await makeListingHandler({ ...deps, logger })(getEvent('/api/v1/namedays', 'country=CZ', { 'x-api-key': key }));
    expect(logger.lines).toHaveLength(1);
    expect(JSON.stringify(logger.lines)).not.toContain(key);
  });
});
