import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoDbNameIndexRepository } from '../adapters/dynamodb/dynamodb-name-index-repository';
import { DynamoDbNamedayRepository } from '../adapters/dynamodb/dynamodb-nameday-repository';
import type { TableNames } from '../adapters/dynamodb/table-names';
import type { Logger } from '../adapters/logger';
import { CalendarCatalog } from '../core/calendar/catalog';
import { Admission } from '../core/access/admission';
import { FeedTokens } from '../core/access/feed-tokens';
import type { Clock } from '../core/shared/clock';
import type { Limits } from '../contract';
import { entityTag } from '../adapters/http/caching';
import { AnswerCache, type Answer } from '../adapters/memory/answer-cache';
import { MemoizedFixedDayReader, MemoizedNameIndexReader } from '../adapters/memory/memoized-readers';
import { DynamoDbApiKeyRepository } from '../adapters/dynamodb/dynamodb-api-key-repository';
import type { FixedDayReader } from '../core/listing/list-namedays';
import type { NameIndexReader } from '../core/names/search-names';

/** Everything a handler needs, built once per process by whichever host runs it. */
export interface ServiceDeps {
  catalog: () => Promise<CalendarCatalog>;
  fixedDays: FixedDayReader;
  /** Only where the process was given the name index table (the search function). */
  nameIndex?: NameIndexReader;
  clock: Clock;
  logger: Logger;
  /** Feed tokens: the keys the feed routes count against. */
  feeds?: FeedTokens;
  /** The data version served: every 200 is tagged with it. */
  dataVersion: string;
  admission?: Admission;
  /** Serialized answers kept for the data version; absent, every answer is computed. */
  answers?: AnswerCache;
}

/**
 * The answer for `key` from the kept answers, else computed (and kept, where answers are kept), with
 * its entity tag computed once.
 */
export const rememberedAnswer = async (
  deps: Pick<ServiceDeps, 'answers' | 'dataVersion'>,
  key: string,
  compute: () => Promise<Answer>,
): Promise<Answer> => {
  const answer = await (deps.answers ? deps.answers.get(key, compute) : compute());
  answer.tag ??= entityTag(deps.dataVersion, answer.body);
  return answer;
};

/**
 * Loads the catalog on first use and keeps it for the life of the process; a failed load is not
 * kept, so the next request tries again. A process reads one data version all its life.
 */
export const cachedCatalog = (load: () => Promise<CalendarCatalog>): (() => Promise<CalendarCatalog>) => {
  let pending: Promise<CalendarCatalog> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
};

export const createServiceDeps = (options: {
  /** The data version to serve: the one this deployment (or local start) wrote and was configured with. */
  dataVersion: string;
  client: DynamoDBDocumentClient;
  tables: TableNames;
  clock: Clock;
  logger: Logger;
  /** The tiers' limits; without them requests are not counted (tests of the handlers alone). */
  limits?: Limits;
  onStoreRead?: (itemsRead: number) => void;
  /** @default true; false reads the store on every request (the benchmark's cold path). */
  keepDataInMemory?: boolean;
}): ServiceDeps => {
  const { client, tables, limits, onStoreRead, dataVersion, keepDataInMemory = true } = options;
  if (!tables.namedays) throw new Error('A name day service needs the name days table');
  if (limits && !tables.apiKeys) throw new Error('Counting requests needs the API keys table');
  const namedays = new DynamoDbNamedayRepository(client, tables.namedays, dataVersion, onStoreRead);
  const nameIndex = tables.nameIndex && new DynamoDbNameIndexRepository(client, tables.nameIndex, dataVersion, onStoreRead);
  const apiKeys = tables.apiKeys && new DynamoDbApiKeyRepository(client, tables.apiKeys);
  // The data of a version never changes: after the first reads, a warm request's only store call is its count.
  return {
    catalog: cachedCatalog(async () => new CalendarCatalog(await namedays.loadCatalog())),
    fixedDays: keepDataInMemory ? new MemoizedFixedDayReader(namedays) : namedays,
    ...(nameIndex && { nameIndex: keepDataInMemory ? new MemoizedNameIndexReader(nameIndex) : nameIndex }),
    ...(keepDataInMemory && { answers: new AnswerCache() }),
    clock: options.clock,
    logger: options.logger,
    dataVersion,
    ...(apiKeys && { feeds: new FeedTokens(apiKeys, apiKeys, options.clock) }),
    ...(limits && apiKeys && { admission: new Admission(apiKeys, limits, options.clock) }),
  };
};
