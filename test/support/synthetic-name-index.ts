import type { ServiceData } from '../../lambda/adapters/data-files/service-data';
import { writeInBatches } from '../../lambda/adapters/dynamodb/batch-writer';
import { nameIndexItems } from '../../lambda/adapters/dynamodb/name-index-items';
import { buildNameIndex, type NameOccurrence } from '../../lambda/core/names/name-index';
import { NameGroups } from '../../lambda/core/names/name-groups';
import type { EmbeddedStore } from '../../local/embedded-store';

/**
 * Random tokens spread over every partition of the name index, `times` as many as the real index has,
 * none equal to a real one: an index that many times larger, for scaling checks (tests and the bench).
 */
export const syntheticNameIndex = (real: ReadonlyMap<string, unknown>, times: number): Map<string, NameOccurrence[]> => {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const synthetic = new Map<string, NameOccurrence[]>();
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  while (synthetic.size < real.size * times) {
    const length = 4 + Math.floor(random() * 8);
    const token = Array.from({ length }, () => letters[Math.floor(random() * 26)]).join('');
    if (!real.has(token)) synthetic.set(token, [{ slug: 'synthetic', ref: 'f:01-01', name: token, nameEn: null }]);
  }
  return synthetic;
};

/**
 * Writes the real name index plus `times` × as many synthetic names into a store's name index
 * (`withReal: false` when the store already holds the real one).
 */
export const addSyntheticNames = async (
  store: Pick<EmbeddedStore, 'client' | 'tables'>,
  data: ServiceData,
  times: number,
  { withReal }: { withReal: boolean },
): Promise<void> => {
  const real = buildNameIndex(data.definitions, new NameGroups(data.groups));
  const entries = withReal ? new Map([...real, ...syntheticNameIndex(real, times)]) : syntheticNameIndex(real, times);
  const items = nameIndexItems(entries, data.version) as unknown as Array<Record<string, unknown>>;
  await writeInBatches(
    store.client,
    store.tables.nameIndex,
    items.map((item) => ({ PutRequest: { Item: item } })),
  );
};
