import { makeSearchHandler } from '../../../lambda/handlers/search-handler';
import { createServiceDeps, type ServiceDeps } from '../../../lambda/handlers/service-deps';
import { getEvent } from '../../support/events';
import { connectSeededStore, type SharedStore } from '../../support/seeded-store';
import { recordingLogger } from '../../support/silent-logger';

const clock = { now: () => new Date('2026-11-21T10:00:00Z') };
let store: SharedStore;
let deps: ServiceDeps;

beforeAll(() => {
  store = connectSeededStore();
  deps = createServiceDeps({
    client: store.client,
    tables: store.tables,
    dataVersion: store.dataVersion,
    clock,
    logger: recordingLogger(),
  });
});
afterAll(() => store.close());

const call = async (query: string, resource = '/api/search') => {
  const response = await makeSearchHandler(deps)(getEvent(resource, query));
  return { ...response, json: JSON.parse(response.body) };
};

describe('search handler', () => {
  it('returns results with the fields of the spec, dated in the current UTC year', async () => {
    const response = await call('q=jiri');
    expect(response.statusCode).toBe(200);
    expect(response.json.results).toContainEqual({
      name: 'Jiří',
      nameEn: 'George',
      date: '2026-04-24',
      countryCode: 'CZ',
      countryName: 'Czechia',
      calendarName: 'Czech Civil Calendar',
    });
  });

  it('serves /api/v1/search the same way', async () => {
    expect((await call('q=jiri', '/api/v1/search')).json).toEqual((await call('q=jiri')).json);
  });

  it('dates results in the year asked for', async () => {
    const georgios = (await call('q=georgios&year=2024')).json.results.filter(
      (result: { name: string }) => result.name === 'Γεώργιος',
    );
    expect(georgios.map((result: { date: string }) => result.date)).toContain('2024-05-06');
  });

  it('finds a Sami name by its letters typed without diacritics, with its Nordic English form', async () => {
    const risten = (await call('q=risten')).json.results;
    expect(risten).toContainEqual(
      expect.objectContaining({ name: 'Risten', nameEn: 'Christina', date: '2026-07-24', countryCode: 'FI' }),
    );
    const inga = (await call('q=inga')).json.results;
    expect(inga).toContainEqual(expect.objectContaining({ name: 'Iŋgá', date: '2026-10-05', countryCode: 'FI' }));
  });

  it.each([
    '',
    'q=',
    'q=a',
    'q=%20%20',
    `q=${'x'.repeat(101)}`,
    'q=%25',
    'q=.*',
    'q=%F0%9F%98%80%F0%9F%98%80',
    'q=%E2%80%8F%E2%80%8F',
  ])('answers %j with empty results, not an error', async (query) => {
    const response = await call(query);
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ results: [] });
  });

  it.each([
    ['q=jiri&year=1899', 'Year out of range. Use a year from 1900 to 2100'],
    ['q=jiri&year=abc', 'Year out of range. Use a year from 1900 to 2100'],
    ['q=jiri&year=2024.5', 'Year out of range. Use a year from 1900 to 2100'],
    ['q=jiri&q=jan', 'Parameter q given more than once'],
  ])('answers %s with 400', async (query, message) => {
    const response = await call(query);
    expect(response.statusCode).toBe(400);
    expect(response.json).toEqual({ error: 'Bad Request', message, statusCode: 400 });
  });

  it('cuts at 500 results with X-Results-Truncated: true', async () => {
    const response = await call('q=ma');
    expect(response.json.results).toHaveLength(500);
    expect(response.headers).toMatchObject({ 'X-Results-Truncated': 'true' });
    expect((await call('q=jiri')).headers).not.toHaveProperty('X-Results-Truncated');
  });
});
