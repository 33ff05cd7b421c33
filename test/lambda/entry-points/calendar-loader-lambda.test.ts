import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_DIR, loadServiceData } from '../../../lambda/adapters/data-files/service-data';
import { makeCalendarLoader } from '../../../lambda/entry-points/calendar-loader-lambda';
import { makeListingHandler } from '../../../lambda/handlers/listing-handler';
import { createServiceDeps } from '../../../lambda/handlers/service-deps';
import { startEmbeddedStore, type EmbeddedStore } from '../../../local/embedded-store';
import { getEvent } from '../../support/events';
import { recordingLogger } from '../../support/silent-logger';

let store: EmbeddedStore;
let oldDir: string;
let newDir: string;

/** A data folder of two calendars; `renamed` changes who the Czech calendar names on 19 March. */
const dataFolder = (renamed?: string): string => {
  const dir = mkdtempSync(join(tmpdir(), 'nameday-data-'));
  for (const file of ['calendars/czech-civil.json', 'calendars/slovak-civil.json', 'names/groups.json']) {
    cpSync(join(DATA_DIR, file), join(dir, file), { recursive: true });
  }
  if (renamed) {
    const file = join(dir, 'calendars/czech-civil.json');
    const calendar = JSON.parse(readFileSync(file, 'utf8')) as { days: Record<string, { names: string[] }> };
    calendar.days['03-19'] = { names: [renamed] };
    writeFileSync(file, JSON.stringify(calendar));
  }
  return dir;
};

const event = (requestType: 'Create' | 'Update' | 'Delete', physicalResourceId?: string): CloudFormationCustomResourceEvent =>
  ({
    RequestType: requestType,
    ...(physicalResourceId && { PhysicalResourceId: physicalResourceId }),
    ResourceProperties: { ServiceToken: 'token', NamedaysTable: store.tables.namedays, NameIndexTable: store.tables.nameIndex },
  }) as unknown as CloudFormationCustomResourceEvent;

const loaderFor = (dataDir: string, client: DynamoDBDocumentClient = store.client) =>
  makeCalendarLoader({ client, dataDir, logger: recordingLogger() });

/** Who a function deployed with `dataVersion` says is celebrated in Czechia on 19 March 2026. */
const namesServedBy = async (dataVersion: string): Promise<string[]> => {
  const deps = createServiceDeps({
    client: store.client,
    tables: store.tables,
    dataVersion,
    clock: { now: () => new Date('2026-03-19T12:00:00Z') },
    logger: recordingLogger(),
  });
  const response = await makeListingHandler(deps)(getEvent('/api/v1/namedays', 'country=CZ&date=2026-03-19'));
  const body = JSON.parse(response.body) as { namedays: Array<{ names: string[] }> };
  return body.namedays.flatMap((entry) => entry.names);
};

/** The real client, failing every call after the first `calls` (four batches reach past 19 March): a store lost in the middle of a load. */
const failingAfter = (calls: number): DynamoDBDocumentClient => {
  let made = 0;
  return new Proxy(store.client, {
    get: (target, property, receiver) =>
      property === 'send'
        ? (command: Parameters<DynamoDBDocumentClient['send']>[0]) =>
            (made += 1) > calls ? Promise.reject(new Error('connection lost')) : target.send(command as never)
        : Reflect.get(target, property, receiver),
  });
};

beforeAll(async () => {
  store = await startEmbeddedStore();
  oldDir = dataFolder();
  newDir = dataFolder('Josefína');
});
afterAll(async () => {
  await store.close();
  for (const dir of [oldDir, newDir]) rmSync(dir, { recursive: true, force: true });
});

describe('the calendar data custom resource against dynalite', () => {
  const oldVersion = () => loadServiceData(oldDir).version;
  const newVersion = () => loadServiceData(newDir).version;

  it('creates the data as a physical resource of its version', async () => {
    const result = await loaderFor(oldDir)(event('Create'));
    expect(result).toEqual({ PhysicalResourceId: `CalendarData-${oldVersion()}`, Data: { Version: oldVersion() } });
    expect(await namesServedBy(oldVersion())).toEqual(['Josef']);
  });

  it('keeps answering from the previous version when an update fails half-way', async () => {
    await expect(loaderFor(newDir, failingAfter(4))(event('Update', `CalendarData-${oldVersion()}`))).rejects.toThrow(
      'connection lost',
    );
    expect(await namesServedBy(oldVersion())).toEqual(['Josef']);
  });

  it('completes the update on the next run, beside the version still served', async () => {
    const result = await loaderFor(newDir)(event('Update', `CalendarData-${oldVersion()}`));
    expect(result.PhysicalResourceId).toBe(`CalendarData-${newVersion()}`);
    expect(await namesServedBy(newVersion())).toEqual(['Josefína']);
    expect(await namesServedBy(oldVersion())).toEqual(['Josef']);
  });

  it('deletes a replaced version, and never the one last written in full', async () => {
    await loaderFor(newDir)(event('Delete', `CalendarData-${oldVersion()}`));
    expect(await namesServedBy(oldVersion())).toEqual([]);
    await loaderFor(newDir)(event('Delete', `CalendarData-${newVersion()}`));
    expect(await namesServedBy(newVersion())).toEqual(['Josefína']);
  });
});
