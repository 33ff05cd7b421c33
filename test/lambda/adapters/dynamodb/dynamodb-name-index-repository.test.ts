import { loadServiceData } from '../../../../lambda/adapters/data-files/service-data';
import { DynamoDbNameIndexRepository } from '../../../../lambda/adapters/dynamodb/dynamodb-name-index-repository';
import { startEmbeddedStore, type EmbeddedStore } from '../../../../local/embedded-store';
import { connectSeededStore, type SharedStore } from '../../../support/seeded-store';
import { addSyntheticNames } from '../../../support/synthetic-name-index';

const data = loadServiceData();

// The real index is the shared seeded store's; the large one holds it too, plus nine times as many other names.
let real: SharedStore;
let large: EmbeddedStore;

beforeAll(async () => {
  real = connectSeededStore();
  large = await startEmbeddedStore();
  await addSyntheticNames(large, data, 9, { withReal: true });
}, 180000);
afterAll(() => Promise.all([real.close(), large.close()]));

const countingRepository = (store: SharedStore | EmbeddedStore) => {
  const reads: number[] = [];
  return {
    repository: new DynamoDbNameIndexRepository(store.client, store.tables.nameIndex, data.version, (items) => reads.push(items)),
    reads,
  };
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
