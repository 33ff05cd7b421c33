import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { loadServiceData } from '../../../data/service-data';
import { replaceServiceData } from '../../../lambda/adapters/dynamodb/calendar-data-writer';
import { DynamoDbNameIndexRepository } from '../../../lambda/adapters/dynamodb/dynamodb-name-index-repository';
import { nameIndexItems } from '../../../lambda/adapters/dynamodb/name-index-items';
import { buildNameIndex, type NameOccurrence } from '../../../lambda/core/name-index';
import { NameGroups } from '../../../lambda/core/name-groups';
import { startEmbeddedStore, type EmbeddedStore } from '../../../local/embedded-store';

const data = loadServiceData();
const realIndex = buildNameIndex(data.definitions, new NameGroups(data.groups));

/** Synthetic tokens spread over every partition, as many again as `times` × the real index. */
const syntheticIndex = (times: number): Map<string, NameOccurrence[]> => {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const synthetic = new Map<string, NameOccurrence[]>();
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  while (synthetic.size < realIndex.size * times) {
    const length = 4 + Math.floor(random() * 8);
    const token = Array.from({ length }, () => letters[Math.floor(random() * 26)]).join('');
    if (!realIndex.has(token)) synthetic.set(token, [{ slug: 'synthetic', ref: 'f:01-01', name: token, nameEn: null }]);
  }
  return synthetic;
};

let real: EmbeddedStore;
let large: EmbeddedStore;

beforeAll(async () => {
  [real, large] = await Promise.all([startEmbeddedStore(), startEmbeddedStore()]);
  await Promise.all([replaceServiceData(real.client, real.tables, data), replaceServiceData(large.client, large.tables, data)]);
  const extra = nameIndexItems(syntheticIndex(9), data.version);
  const batches = Array.from({ length: Math.ceil(extra.length / 25) }, (_, index) => extra.slice(index * 25, index * 25 + 25));
  for (let start = 0; start < batches.length; start += 8) {
    await Promise.all(
      batches.slice(start, start + 8).map((batch) =>
        large.client.send(
          new BatchWriteCommand({ RequestItems: { [large.tables.nameIndex]: batch.map((item) => ({ PutRequest: { Item: item } })) } }),
        ),
      ),
    );
  }
}, 180000);
afterAll(() => Promise.all([real.close(), large.close()]));

const countingRepository = (store: EmbeddedStore) => {
  const reads: number[] = [];
  return { repository: new DynamoDbNameIndexRepository(store.client, store.tables.nameIndex, (items) => reads.push(items)), reads };
};

describe('DynamoDbNameIndexRepository against dynalite', () => {
  it.each(['ma', 'jiri', 'γεω', 'ivan', 'zzzz'])(
    'answers %j with one request over the real index and over one ten times larger',
    async (query) => {
      const small = countingRepository(real);
      const big = countingRepository(large);
      const [fromSmall, fromBig] = await Promise.all([small.repository.findByPrefix(query), big.repository.findByPrefix(query)]);
      expect(small.reads).toHaveLength(1);
      expect(big.reads).toHaveLength(1);
      expect(fromBig.filter((occurrence) => occurrence.slug !== 'synthetic')).toEqual(fromSmall);
    },
  );

  it('reads the occurrences a prefix finds, decoded', async () => {
    const { repository } = countingRepository(real);
    const occurrences = await repository.findByPrefix('jiri');
    expect(occurrences).toContainEqual(expect.objectContaining({ slug: 'czech-civil', ref: 'f:04-24', name: 'Jiří' }));
  });
});
