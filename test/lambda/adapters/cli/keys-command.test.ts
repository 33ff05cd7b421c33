import { describeFailure, parseArgs, runKeysCommand } from '../../../../lambda/adapters/cli/keys-command';
import { DynamoDbApiKeyRepository } from '../../../../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { DynamoDbNameIndexRepository } from '../../../../lambda/adapters/dynamodb/dynamodb-name-index-repository';
import { DynamoDbNamedayRepository } from '../../../../lambda/adapters/dynamodb/dynamodb-nameday-repository';
import { FeedTokens } from '../../../../lambda/core/access/feed-tokens';
import { KeyAdmin } from '../../../../lambda/core/access/key-admin';
import { CalendarCatalog } from '../../../../lambda/core/calendar/catalog';
import type { NameSources } from '../../../../lambda/core/feeds/people';
import { cachedCatalog } from '../../../../lambda/handlers/service-deps';
import { startEmbeddedStore, type EmbeddedStore } from '../../../../local/embedded-store';
import { connectSeededStore, type SharedStore } from '../../../support/seeded-store';

const clock = { now: () => new Date('2026-11-21T10:00:00Z') };
let keysStore: EmbeddedStore;
let calendars: SharedStore;
let admin: KeyAdmin;
let feeds: FeedTokens;
let names: NameSources;

beforeAll(async () => {
  // Keys are written to a store of this test's own; the calendars are read from the shared seeded one.
  keysStore = await startEmbeddedStore();
  calendars = connectSeededStore();
  const keys = new DynamoDbApiKeyRepository(keysStore.client, keysStore.tables.apiKeys);
  admin = new KeyAdmin(keys, clock);
  feeds = new FeedTokens(keys, keys, clock);
  const namedays = new DynamoDbNamedayRepository(calendars.client, calendars.tables.namedays, calendars.dataVersion);
  names = {
    catalog: cachedCatalog(async () => new CalendarCatalog(await namedays.loadCatalog())),
    nameIndex: new DynamoDbNameIndexRepository(calendars.client, calendars.tables.nameIndex, calendars.dataVersion),
  };
});
afterAll(async () => {
  await keysStore.close();
  await calendars.close();
});

const run = (line: string[]) => runKeysCommand(parseArgs(line), admin, feeds, names);

describe('npm run keys -- feed', () => {
  it('makes a people feed, prints its URL once, and edits its list in place', async () => {
    const { id } = await admin.create('free');
    const made = await run(['feed', id, '--people', 'Anna@CZ,Γεώργιος@GR, Jiří @czech-civil', '--reminder', 'morning-of']);
    const token = /\/api\/v1\/feeds\/(ndf_[0-9a-f]{32})\/namedays\.ics/.exec(made)?.[1];
    expect(token).toBeDefined();
    const feed = await feeds.resolve(token);
    expect(feed.subscription).toMatchObject({
      kind: 'people',
      reminder: 'morning-of',
      people: [
        { name: 'Anna', country: 'CZ', forms: [{ slug: 'czech-civil', spelling: 'Anna' }] },
        { name: 'Γεώργιος', country: 'GR' },
        { name: 'Jiří', calendarId: 'czech-civil', forms: [{ slug: 'czech-civil', spelling: 'Jiří' }] },
      ],
    });
    expect(await run(['feed-edit', feed.id, '--people', 'Jan@CZ'])).toBe(`${feed.id} now shows 1 person; its URL is unchanged.`);
    expect((await feeds.resolve(token)).subscription).toMatchObject({
      kind: 'people',
      reminder: 'morning-of',
      people: [{ name: 'Jan' }],
    });
  });

  it('makes listing and search feeds, and says why it refuses one', async () => {
    const { id } = await admin.create('free');
    expect(await run(['feed', id, '--country', 'cz'])).toMatch(/\/namedays\.ics\n/);
    expect(await run(['feed', id, '--search', 'maria'])).toMatch(/\/search\.ics\n/);
    const refusal = await run(['feed', id, '--people', 'Annabel@CZ']).catch((error: unknown) => describeFailure(error));
    expect(refusal).toMatch(/^Annabel has no name day in Czechia\. Closest forms: .*Anna/);
    const neither = await run(['feed', id]).catch((error: unknown) => describeFailure(error));
    expect(neither).toMatch(/^feed needs one of --country, --calendar, --search or --people/);
  });
});
