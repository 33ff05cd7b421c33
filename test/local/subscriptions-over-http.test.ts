import ICAL from 'ical.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { loadServiceData } from '../../lambda/adapters/data-files/service-data';
import { localDocumentClient, LOCAL_TABLE_NAMES } from '../../local/embedded-store';
import type { AccountFeedView, AccountKeysOverview, AccountKeyView, AccountUsage } from '../../lambda/core/access/account-keys';
import { hashFeedToken } from '../../lambda/core/access/feed-tokens';
import { hashApiKey } from '../../lambda/core/access/api-keys';
import { startLocalService, type LocalService } from '../../local/local-service';
import { recordingLogger } from '../support/silent-logger';

/*
 * The free tier as a customer meets it, against the local store (dynalite) and cognito-local: one
 * monthly quota per account whatever its keys, and feeds that are subscriptions counted once a day.
 */
const QUOTA = 12;
const data = loadServiceData();
const logger = recordingLogger();
const PASSWORD = 'a long walk to the name day';
let now = new Date('2026-11-21T10:00:00Z');
const clock = { now: () => now };
let service: LocalService;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nameday-subscriptions-'));
  service = await startLocalService({
    port: 0,
    dataDir,
    logger,
    clock,
    dashboard: true,
    confirmSignUps: 'auto',
    limits: { ratePerMinute: 1000, freeMonthlyQuota: QUOTA },
    data: { ...data, definitions: data.definitions.filter((calendar) => ['CZ', 'GR', 'BG'].includes(calendar.country)) },
  });
}, 60000);
afterAll(async () => {
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Issued = { key: AccountKeyView; secret: string };
type Overview = { account: { email: string; usage: AccountUsage } } & Omit<AccountKeysOverview, 'usage'>;
type FeedMade = { feed: AccountFeedView; token: string; path: string; message?: string; suggestions?: string[]; person?: number };

const portal = async <T>(path: string, token: string, method = 'GET', body?: unknown): Promise<{ status: number; body: T }> => {
  const response = await fetch(`${service.url}/portal/v1/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: token },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
};

let accounts = 0;
const signedIn = async (): Promise<string> => {
  accounts += 1;
  const email = `subscriber${accounts}.${Date.now()}@example.com`;
  const post = (path: string) =>
    fetch(`${service.url}/portal/v1/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
  expect((await post('sign-up')).status).toBe(201);
  return ((await (await post('sign-in')).json()) as { idToken: string }).idToken;
};

const newKey = async (token: string): Promise<Issued> => {
  const made = await portal<Issued>('keys', token, 'POST', {});
  expect(made.status).toBe(201);
  return made.body;
};

const call = (key: string) =>
  fetch(`${service.url}/api/v1/namedays?country=CZ&date=2026-03-19`, { headers: { 'x-api-key': key } });

const overview = async (token: string) => (await portal<Overview>('keys', token)).body;

const calendarOf = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]);
const eventsOf = (text: string) => calendarOf(text).getAllSubcomponents('vevent');
const datesOf = (text: string, summary: string) =>
  eventsOf(text)
    .filter((vevent) => vevent.getFirstPropertyValue('summary') === summary)
    .map((vevent) => String(vevent.getFirstPropertyValue('dtstart')));

describe('the monthly quota belongs to the account', () => {
  it('is shared by rotation, a second key and revoke-then-create, and reported on every key', async () => {
    now = new Date('2026-11-21T10:00:00Z');
    const token = await signedIn();
    const first = await newKey(token);
    for (let index = 0; index < 3; index += 1) expect((await call(first.secret)).status).toBe(200);

    const rotated = await portal<Issued>(`keys/${first.key.id}/rotation`, token, 'POST');
    const afterRotation = await call(rotated.body.secret);
    expect(afterRotation.headers.get('x-quota-remaining')).toBe(String(QUOTA - 4));

    const second = await newKey(token);
    expect((await call(second.secret)).headers.get('x-quota-remaining')).toBe(String(QUOTA - 5));

    expect((await portal(`keys/${first.key.id}`, token, 'DELETE')).status).toBe(200);
    expect((await call(first.secret)).status).toBe(401);
    const third = await newKey(token);
    const afterRecreate = await call(third.secret);
    expect(afterRecreate.headers.get('x-quota-limit')).toBe(String(QUOTA));
    expect(afterRecreate.headers.get('x-quota-remaining')).toBe(String(QUOTA - 6));

    const seen = await overview(token);
    expect(seen.account.usage).toEqual({ thisMonth: 6, freeMonthlyQuota: QUOTA, freeQuotaLeft: QUOTA - 6 });
    const byId = new Map(seen.keys.map((key) => [key.id, key]));
    expect(byId.get(rotated.body.key.id)?.usage).toEqual({ thisMinute: 1, thisMonth: 1, freeQuotaLeft: QUOTA - 6 });
    expect(byId.get(third.key.id)?.usage.thisMonth).toBe(1);
  });

  it('admits exactly what is left to concurrent calls across the keys, then 402 on every key and feed', async () => {
    now = new Date('2026-11-21T11:00:00Z');
    const token = await signedIn();
    const keys = [await newKey(token), await newKey(token), await newKey(token)];
    const feed = await portal<FeedMade>(`keys/${keys[0]!.key.id}/feeds`, token, 'POST', { kind: 'listing', country: 'CZ' });
    expect((await call(keys[1]!.secret)).status).toBe(200);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => call(keys[index % 3]!.secret).then((response) => response.status)),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(QUOTA - 1);
    expect(statuses.filter((status) => status === 402)).toHaveLength(30 - (QUOTA - 1));
    for (const key of keys) {
      const refused = await call(key.secret);
      expect(refused.status).toBe(402);
      expect(refused.headers.get('x-quota-remaining')).toBe('0');
    }
    expect((await fetch(`${service.url}${feed.body.path}`)).status).toBe(402);
    expect((await overview(token)).account.usage).toEqual({ thisMonth: QUOTA, freeMonthlyQuota: QUOTA, freeQuotaLeft: 0 });
    // A key made now shares the spent month from its first call.
    const late = await newKey(token);
    expect(late.key.usage.freeQuotaLeft).toBe(0);
    expect((await call(late.secret)).status).toBe(402);
    // A new month, a new quota for the account.
    now = new Date('2026-12-01T00:00:05Z');
    expect((await call(keys[2]!.secret)).headers.get('x-quota-remaining')).toBe(String(QUOTA - 1));
  });
});

describe('feeds are subscriptions', () => {
  it('shows what it was made to show, whatever the URL asks, named and with refresh hints, counted once a day', async () => {
    now = new Date('2026-11-22T10:00:00Z');
    const token = await signedIn();
    const key = await newKey(token);
    const made = await portal<FeedMade>(`keys/${key.key.id}/feeds`, token, 'POST', { kind: 'listing', country: 'CZ' });
    expect(made.status).toBe(201);
    expect(made.body.path).toBe(`/api/v1/feeds/${made.body.token}/namedays.ics`);
    expect(made.body.feed).toMatchObject({ kind: 'listing', country: 'CZ', title: 'Name days in Czechia', status: 'active' });

    const bodies: string[] = [];
    for (const query of [
      '',
      '?country=GR',
      '?calendar_id=bulgarian-orthodox&tz=Europe/Sofia',
      '?q=maria',
      '?country=CZ&country=SK',
    ]) {
      const response = await fetch(`${service.url}${made.body.path}${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-quota-remaining')).toBe(String(QUOTA - 1));
      bodies.push(await response.text());
    }
    expect(new Set(bodies).size).toBe(1);
    const calendar = calendarOf(bodies[0]!);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Name days in Czechia');
    expect(String(calendar.getFirstProperty('refresh-interval')?.getFirstValue())).toBe('P1D');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('P1D');
    const josef = eventsOf(bodies[0]!).find((vevent) => String(vevent.getFirstPropertyValue('dtstart')) === '2026-03-19');
    expect(josef?.getFirstPropertyValue('description')).toBe('Josef: Czech Civil Calendar, Czechia (CZ)');
    expect(
      eventsOf(bodies[0]!).every((vevent) => String(vevent.getFirstPropertyValue('description')).endsWith('Czechia (CZ)')),
    ).toBe(true);

    // The same day, an API call counts; the feed still does not. The next UTC day, the feed counts once more.
    expect((await call(key.secret)).headers.get('x-quota-remaining')).toBe(String(QUOTA - 2));
    expect((await fetch(`${service.url}${made.body.path}`)).headers.get('x-quota-remaining')).toBe(String(QUOTA - 2));
    now = new Date('2026-11-23T00:00:01Z');
    expect((await fetch(`${service.url}${made.body.path}`)).headers.get('x-quota-remaining')).toBe(String(QUOTA - 3));
    expect((await fetch(`${service.url}${made.body.path}`)).headers.get('x-quota-remaining')).toBe(String(QUOTA - 3));

    // A listing feed's token opens no search.
    expect((await fetch(`${service.url}/api/v1/feeds/${made.body.token}/search.ics?q=anna`)).status).toBe(404);
    const search = await portal<FeedMade>(`keys/${key.key.id}/feeds`, token, 'POST', { kind: 'search', q: 'Jiří' });
    expect(search.body.path.endsWith('/search.ics')).toBe(true);
    const searched = await (await fetch(`${service.url}${search.body.path}?q=anna`)).text();
    expect(calendarOf(searched).getFirstPropertyValue('x-wr-calname')).toBe('Name days of Jiří');
    expect(datesOf(searched, 'Jiří')).toEqual(['2026-04-24', '2027-04-24']);
  });

  it('refuses bad feed requests with the error body', async () => {
    const token = await signedIn();
    const key = await newKey(token);
    for (const [body, message] of [
      [{ kind: 'everything' }, 'Invalid feed kind. Use listing, search or people'],
      [{ kind: 'listing', country: 'XX' }, 'Invalid country code: XX'],
      [{ kind: 'listing', country: 'CZ', calendarId: 'czech-civil' }, 'Give either country or calendarId'],
      [{ kind: 'listing', calendarId: 'nowhere' }, 'Invalid calendarId: nowhere'],
      [{ kind: 'search', q: 'a' }, 'A search feed needs q: 2 to 100 characters'],
      [{ kind: 'people', people: [] }, 'A people feed lists 1 to 50 people'],
      [
        { kind: 'people', people: Array.from({ length: 51 }, () => ({ name: 'Anna', country: 'CZ' })) },
        'A people feed lists 1 to 50 people',
      ],
      [
        { kind: 'people', people: [{ name: 'Anna', country: 'CZ' }], reminder: 'weekly' },
        'Invalid reminder. Use none, day-before or morning-of',
      ],
    ] as const) {
      const refused = await portal<{ message: string; statusCode: number }>(`keys/${key.key.id}/feeds`, token, 'POST', body);
      expect([refused.status, refused.body.message]).toEqual([400, message]);
    }
  });

  it('turns a feed made before subscriptions into a subscription to the query of its first use', async () => {
    now = new Date('2026-11-24T10:00:00Z');
    const token = await signedIn();
    const key = await newKey(token);
    const legacyToken = 'ndf_0123456789abcdef0123456789abcdef';
    const client = localDocumentClient(readFileSync(join(dataDir, 'endpoint'), 'utf8'));
    // A feed item as the store held them before: no subscription.
    await client.send(
      new PutCommand({
        TableName: LOCAL_TABLE_NAMES.apiKeys,
        Item: {
          keyHash: `feed#${hashFeedToken(legacyToken)}`,
          id: `feed_${hashFeedToken(legacyToken).slice(0, 12)}`,
          feedOf: hashApiKey(key.secret),
          status: 'active',
          createdAt: '2026-01-01T00:00:00Z',
          owner: (await ownerOf(client, key.key.id))!,
        },
      }),
    );
    expect((await overview(token)).keys[0]!.feeds[0]).toMatchObject({ kind: 'legacy' });
    const first = await fetch(`${service.url}/api/v1/feeds/${legacyToken}/namedays.ics?country=GR`);
    expect(first.status).toBe(200);
    const later = await fetch(`${service.url}/api/v1/feeds/${legacyToken}/namedays.ics?country=CZ`);
    expect(calendarOf(await later.text()).getFirstPropertyValue('x-wr-calname')).toBe('Name days in Greece');
    expect((await overview(token)).keys[0]!.feeds[0]).toMatchObject({ kind: 'listing', country: 'GR' });
    client.destroy();
  });
});

const ownerOf = async (client: ReturnType<typeof localDocumentClient>, keyId: string): Promise<string | undefined> => {
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const found = await client.send(
    new QueryCommand({
      TableName: LOCAL_TABLE_NAMES.apiKeys,
      IndexName: 'ById',
      KeyConditionExpression: 'id = :id',
      ExpressionAttributeValues: { ':id': keyId },
    }),
  );
  return found.Items?.[0]?.owner as string | undefined;
};

describe('people feeds', () => {
  it("answers each person's name days in the calendar's spelling, in several scripts, with reminders, editable in place", async () => {
    now = new Date('2026-11-25T10:00:00Z');
    const token = await signedIn();
    const key = await newKey(token);
    const made = await portal<FeedMade>(`keys/${key.key.id}/feeds`, token, 'POST', {
      kind: 'people',
      people: [
        { name: 'Anna', country: 'CZ' },
        { name: 'George', calendarId: 'czech-civil' },
        { name: 'Γεώργιος', country: 'GR' },
        { name: 'Георги', calendarId: 'bulgarian-orthodox' },
      ],
      reminder: 'day-before',
    });
    expect(made.status).toBe(201);
    expect(made.body.feed).toMatchObject({ kind: 'people', reminder: 'day-before', title: 'Name days: Anna, George and 2 more' });
    const url = `${service.url}${made.body.path}`;
    const text = await (await fetch(`${url}?country=SK`)).text();
    // An X- property is TEXT by default (RFC 5545 3.8.8.2), its comma escaped; ical.js leaves it escaped.
    expect(calendarOf(text).getFirstPropertyValue('x-wr-calname')).toBe('Name days: Anna\\, George and 2 more');
    expect(datesOf(text, "Anna's name day")).toEqual(['2026-07-26', '2027-07-26']);
    expect(datesOf(text, "George's name day")).toEqual(['2026-04-24', '2027-04-24']);
    // Saint George's day moves to Easter Monday when it falls before the Orthodox Easter (2 May 2027).
    expect(datesOf(text, "Γεώργιος's name day")).toEqual(['2026-04-23', '2027-05-03']);
    expect(datesOf(text, "Георги's name day")).toEqual(['2026-05-06', '2027-05-06']);
    const george = eventsOf(text).find((vevent) => vevent.getFirstPropertyValue('summary') === "George's name day")!;
    expect(george.getFirstPropertyValue('description')).toBe('Jiří: Czech Civil Calendar, Czechia (CZ)');
    expect(
      eventsOf(text).every(
        (vevent) => String(vevent.getFirstSubcomponent('valarm')?.getFirstPropertyValue('trigger')) === '-PT15H',
      ),
    ).toBe(true);

    const edited = await portal<{ feed: AccountFeedView }>(`feeds/${made.body.feed.id}`, token, 'PUT', {
      people: [{ name: 'Jan', country: 'CZ' }],
      reminder: 'none',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.feed).toMatchObject({
      title: 'Name days: Jan',
      reminder: 'none',
      people: [{ name: 'Jan', country: 'CZ' }],
    });
    const after = await (await fetch(url)).text();
    expect(datesOf(after, "Jan's name day")).toEqual(['2026-06-24', '2027-06-24']);
    expect(datesOf(after, "Anna's name day")).toEqual([]);
    expect(eventsOf(after).some((vevent) => vevent.getFirstSubcomponent('valarm'))).toBe(false);
    const morning = await portal<{ feed: AccountFeedView }>(`feeds/${made.body.feed.id}`, token, 'PUT', {
      people: [{ name: 'Jan', country: 'CZ' }],
      reminder: 'morning-of',
    });
    expect(morning.status).toBe(200);
    expect(
      String(
        eventsOf(await (await fetch(url)).text())[0]!
          .getFirstSubcomponent('valarm')
          ?.getFirstPropertyValue('trigger'),
      ),
    ).toBe('PT9H');
  });

  it('refuses a person whose name has no day there, offering the closest forms the search finds', async () => {
    const token = await signedIn();
    const key = await newKey(token);
    const refused = await portal<FeedMade & { statusCode: number }>(`keys/${key.key.id}/feeds`, token, 'POST', {
      kind: 'people',
      people: [
        { name: 'Anna', country: 'CZ' },
        { name: 'Annabel', country: 'CZ' },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.person).toBe(1);
    expect(refused.body.message).toMatch(/^Annabel has no name day in Czechia\. Closest forms: /);
    expect(refused.body.suggestions).toContain('Anna');
    const nothing = await portal<FeedMade>(`keys/${key.key.id}/feeds`, token, 'POST', {
      kind: 'people',
      people: [{ name: 'Qq', country: 'CZ' }],
    });
    expect([nothing.status, nothing.body.message, nothing.body.suggestions]).toEqual([400, 'Qq has no name day in Czechia', []]);
    expect((await overview(token)).keys[0]!.feeds).toEqual([]);
  });
});
