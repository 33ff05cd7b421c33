import { loadServiceData } from '../../lambda/adapters/data-files/service-data';
import { replaceServiceData } from '../../lambda/adapters/dynamodb/service-data-writer';
import { startEmbeddedStore, type EmbeddedStore } from '../../local/embedded-store';

/** Jest global setup: one dynalite with the real data, shared read-only by every test file. */
export default async function setup(): Promise<void> {
  const store = await startEmbeddedStore();
  await replaceServiceData(store.client, store.tables, loadServiceData());
  process.env.NAMEDAY_TEST_STORE_ENDPOINT = store.endpoint;
  (globalThis as { __namedayStore?: EmbeddedStore }).__namedayStore = store;
}
