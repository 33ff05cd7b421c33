import ICAL from 'ical.js';
import { loadServiceData } from '../../lambda/adapters/data-files/service-data';
import { DynamoDbApiKeyRepository } from '../../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { apiKeyIdOf, hashApiKey } from '../../lambda/core/access/api-keys';
import { FeedTokens } from '../../lambda/core/access/feed-tokens';
import { KeyAdmin } from '../../lambda/core/access/key-admin';
import { parseArgs, runKeysCommand } from '../../lambda/adapters/cli/keys-command';
import { DynamoDbNamedayRepository } from '../../lambda/adapters/dynamodb/dynamodb-nameday-repository';
import { DynamoDbNameIndexRepository } from '../../lambda/adapters/dynamodb/dynamodb-name-index-repository';
import { CalendarCatalog } from '../../lambda/core/calendar/catalog';
import type { NameSources } from '../../lambda/core/feeds/people';
import { cachedCatalog } from '../../lambda/handlers/service-deps';
import { localServerUrl } from '../../local/local-store-target';
import { localDocumentClient, LOCAL_TABLE_NAMES } from '../../local/embedded-store';
import type { LocalService } from '../../local/local-service';
import { startCheckedService } from '../support/checked-service';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordingLogger } from '../support/silent-logger';

const KEY = 'nd_live_00000000000000000000000000fee001';
const clock = { now: () => new Date('2026-11-21T10:00:00Z') };
const data = loadServiceData();
const logger = recordingLogger();
let service: LocalService;
let dataDir: string;
let admin: KeyAdmin;
let feeds: FeedTokens;
let names: NameSources;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nameday-feeds-'));
  service = await startCheckedService({
    port: 0,
    dataDir,
    keys: `free:${KEY}`,
    clock,
    logger,
    limits: { ratePerMinute: 1000, freeMonthlyQuota: 1000 },
    data: { ...data, definitions: data.definitions.filter((calendar) => calendar.country === 'CZ') },
  });
  // The key command's way to the running server's store.
  const keys = new DynamoDbApiKeyRepository(
    localDocumentClient(readFileSync(join(dataDir, 'endpoint'), 'utf8')),
    LOCAL_TABLE_NAMES.apiKeys,
  );
  admin = new KeyAdmin(keys, clock);
  feeds = new FeedTokens(keys, keys, clock);
  const store = localDocumentClient(readFileSync(join(dataDir, 'endpoint'), 'utf8'));
  const namedays = new DynamoDbNamedayRepository(store, LOCAL_TABLE_NAMES.namedays, data.version);
  names = {
    catalog: cachedCatalog(async () => new CalendarCatalog(await namedays.loadCatalog())),
    nameIndex: new DynamoDbNameIndexRepository(store, LOCAL_TABLE_NAMES.nameIndex, data.version),
  };
});
afterAll(async () => {
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const keyId = (key: string) => apiKeyIdOf(hashApiKey(key));
const events = (text: string) =>
  new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));

describe('feed links for calendar apps', () => {
  it('is printed by the key command as a link to the running server that a calendar app can open', async () => {
    const printed = await runKeysCommand(
      parseArgs(['feed', keyId(KEY), '--country', 'CZ']),
      admin,
      feeds,
      names,
      localServerUrl(dataDir),
    );
    const link = /Subscribe in a calendar app to: (\S+)/.exec(printed)?.[1] ?? '';
    expect(link.startsWith(`${service.url}/api/v1/feeds/ndf_`)).toBe(true);
    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('BEGIN:VCALENDAR');
  });

  it('answers the current year and the next in iCalendar without x-api-key, counting against the key', async () => {
    const { token } = await feeds.create(keyId(KEY), { kind: 'listing', country: 'CZ' });
    const response = await fetch(`${service.url}/api/v1/feeds/${token}/namedays.ics?country=CZ`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await response.text();
    const dates = events(body).map((event) => event.startDate.toString());
    expect(dates).toContain('2026-03-19');
    expect(dates).toContain('2027-03-19');
    expect(dates.every((date) => date.startsWith('2026') || date.startsWith('2027'))).toBe(true);
    expect(body).not.toContain(KEY);
    expect(Number(response.headers.get('x-quota-remaining'))).toBeLessThan(1000);
    const searchFeed = await feeds.create(keyId(KEY), { kind: 'search', q: 'josef' });
    const search = await fetch(`${service.url}/api/v1/feeds/${searchFeed.token}/search.ics?q=anna`);
    expect(search.status).toBe(200);
    expect(events(await search.text()).map((event) => event.startDate.toString())).toEqual(['2026-03-19', '2027-03-19']);
  });

  it('refuses a revoked feed, a feed of a revoked key, and a malformed or unknown token with 401', async () => {
    const { id, key } = await admin.create('free');
    const revokedFeed = await feeds.create(id, { kind: 'listing', country: 'CZ' });
    await feeds.revoke(revokedFeed.id);
    const feedOfRevokedKey = await feeds.create(id, { kind: 'listing', country: 'CZ' });
    await admin.revoke(id);
    for (const path of [
      `/api/v1/feeds/${revokedFeed.token}/namedays.ics`,
      `/api/v1/feeds/${feedOfRevokedKey.token}/namedays.ics`,
      '/api/v1/feeds/ndf_00000000000000000000000000000000/namedays.ics',
      '/api/v1/feeds/not-a-token/search.ics?q=ma',
      `/api/v1/feeds/${key}/namedays.ics`,
    ]) {
      const response = await fetch(`${service.url}${path}`);
      expect([path, response.status]).toEqual([path, 401]);
    }
  });

  it('never writes a token to the log', async () => {
    expect(JSON.stringify(logger.lines)).not.toMatch(/ndf_[0-9a-f]{32}/);
  });
});
