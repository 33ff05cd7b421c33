import { loadCalendarData } from '../../data/load-calendars';
import { replaceCalendarData } from '../../lambda/adapters/dynamodb/calendar-data-writer';
import { startEmbeddedStore, type EmbeddedStore } from '../../local/embedded-store';

/** An in-memory dynalite with the real calendars loaded. */
export const startSeededStore = async (): Promise<EmbeddedStore> => {
  const store = await startEmbeddedStore();
  const { definitions, version } = loadCalendarData();
  await replaceCalendarData(store.client, store.tables.namedays, definitions, version);
  return store;
};
