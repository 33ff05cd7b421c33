import { DynamoDbApiKeyRepository } from '../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { systemClock } from '../lambda/adapters/system-clock';
import { Admission } from '../lambda/core/access/admission';
import { FeedTokens } from '../lambda/core/access/feed-tokens';
import { KeyAdmin } from '../lambda/core/access/key-admin';
import type { EmbeddedStore } from '../local/embedded-store';
import { PRICES } from './cost';
import { round } from './stats';
import { recordStoreCalls, type StoreCall } from './store-recorder';

/** Limits no run reaches, so each path is an admitted request. */
const LIMITS = { ratePerMinute: 1_000_000_000, freeMonthlyQuota: 1_000_000_000 };

export interface AdmissionPath {
  name: string;
  /** The store calls of one request's admission, in order: e.g. "GetItem (strong), UpdateItem". */
  calls: string[];
  reads: number;
  writes: number;
  readUnits: number;
  writeUnits: number;
  /** DynamoDB's part of a million such requests, in dollars. */
  dynamoDbPerMillion: number;
}

const describe = (call: StoreCall) =>
  `${call.command.replace('Command', 'Item').replace('GetItem', 'GetItem (strong)')}${call.refused ? ' (refused)' : ''}`;

const pathOf = (name: string, calls: StoreCall[]): AdmissionPath => {
  const reads = calls.filter((call) => call.command !== 'UpdateCommand');
  const writes = calls.filter((call) => call.command === 'UpdateCommand');
  const readUnits = reads.reduce((sum, call) => sum + call.capacityUnits, 0);
  const writeUnits = writes.reduce((sum, call) => sum + call.capacityUnits, 0);
  return {
    name,
    calls: calls.map(describe),
    reads: reads.length,
    writes: writes.length,
    readUnits,
    writeUnits,
    dynamoDbPerMillion: round(readUnits * PRICES.dynamoReadUnitPerMillion + writeUnits * PRICES.dynamoWriteUnitPerMillion, 3),
  };
};

/**
 * The store calls on a request's path to admission, by kind of key and process: an operator's paid key
 * (its own record) and a free key of a dashboard account of three keys with feeds (the account's
 * record), each warm (the process knows the key's account) and cold (a new process: one read of the
 * key's record to learn it), and a feed's fetch (its token's record is read on every fetch, so that a
 * revoked feed or an edited list shows at once).
 */
export const measureAdmissionPaths = async (store: Pick<EmbeddedStore, 'client' | 'tables'>): Promise<AdmissionPath[]> => {
  const repository = new DynamoDbApiKeyRepository(store.client, store.tables.apiKeys);
  const admin = new KeyAdmin(repository, systemClock);
  const owner = `bench-account-${Date.now()}`;
  const paid = await admin.create('paid', 'bench operator');
  const free = await admin.create('free', 'bench app', owner);
  await admin.create('free', 'bench second app', owner);
  await admin.create('free', 'bench third app', owner);
  const feeds = new FeedTokens(repository, repository, systemClock);
  const feed = await feeds.create(free.id, { kind: 'listing', country: 'CZ' }, owner);
  await feeds.create(free.id, { kind: 'search', q: 'maria' }, owner);
  const recorder = recordStoreCalls(store.client);
  const warm = new Admission(repository, LIMITS, systemClock);
  const paths: AdmissionPath[] = [];
  const measure = async (name: string, admit: () => Promise<unknown>) => {
    recorder.take();
    await admit();
    paths.push(pathOf(name, recorder.take()));
  };
  await measure('paid operator key, cold process', () => warm.admit(paid.key));
  await measure('paid operator key, warm', () => warm.admit(paid.key));
  await measure('free account key, cold process', () => warm.admit(free.key));
  await measure('free account key, warm', () => warm.admit(free.key));
  const fetchFeed = async () => {
    const opened = await feeds.resolve(feed.token);
    await warm.admitKeyHash(opened.keyHash, opened.id);
  };
  await measure("feed, the day's first fetch", fetchFeed);
  await measure('feed, fetched again that day', fetchFeed);
  return paths;
};
