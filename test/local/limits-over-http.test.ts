import { loadServiceData } from '../../lambda/adapters/data-files/service-data';
import type { LocalService } from '../../local/local-service';
import { startCheckedService } from '../support/checked-service';
import { recordingLogger } from '../support/silent-logger';

const RATE_KEY = 'nd_live_0000000000000000000000000000aa01';
const QUOTA_KEY = 'nd_live_0000000000000000000000000000aa02';
const HEADER_KEY = 'nd_live_0000000000000000000000000000aa03';
const PAID_KEY = 'nd_live_0000000000000000000000000000aa04';
const clock = { now: () => new Date('2026-11-21T10:00:30Z') };

// The Czech calendar and its neighbours are all these tests read: a fraction of the real data's writes.
const data = loadServiceData();
const someCalendars = { ...data, definitions: data.definitions.filter((calendar) => ['CZ', 'SK'].includes(calendar.country)) };

const start = (limits: { ratePerMinute: number; freeMonthlyQuota: number }) =>
  startCheckedService({
    data: someCalendars,
    port: 0,
    keys: `free:${RATE_KEY},free:${QUOTA_KEY},free:${HEADER_KEY},paid:${PAID_KEY}`,
    clock,
    limits,
    logger: recordingLogger(),
  });

const fire = (service: LocalService, key: string, count: number, path = '/api/v1/namedays?country=CZ&date=2026-03-19') =>
  Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${service.url}${path}`, { headers: { 'x-api-key': key } }).then(async (response) => ({
        status: response.status,
        headers: response.headers,
        body: await response.json(),
      })),
    ),
  );

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe('limits on the local server', () => {
  let service: LocalService;
  beforeAll(async () => {
    service = await start({ ratePerMinute: 60, freeMonthlyQuota: 1000 });
  });
  afterAll(() => service.close());

  it('admits exactly 60 of 100 concurrent requests on a fresh key and refuses 40 with 429', async () => {
    const responses = await fire(service, RATE_KEY, 100);
    expect(tally(responses.map((response) => response.status))).toEqual({ 200: 60, 429: 40 });
    const refused = responses.find((response) => response.status === 429);
    expect(refused?.body).toEqual({
      error: 'Too Many Requests',
      message: 'Rate limit exceeded. Retry after 60 seconds.',
      statusCode: 429,
    });
    expect(refused?.headers.get('retry-after')).toBe('30');
    expect(refused?.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused?.headers.get('x-ratelimit-reset')).toBe(String(Date.UTC(2026, 10, 21, 10, 1) / 1000));
    // The month counted exactly the 60 admitted requests.
    const [next] = await fire(service, RATE_KEY, 1);
    expect(next?.headers.get('x-quota-remaining')).toBe('940');
  });

  it('puts the limit headers on every response to a known key, a 400 included, and counts the 400', async () => {
    const [ok] = await fire(service, HEADER_KEY, 1);
    const [bad] = await fire(service, HEADER_KEY, 1, '/api/v1/namedays?month=2026-13');
    expect(ok?.headers.get('x-ratelimit-limit')).toBe('60');
    expect(ok?.headers.get('x-ratelimit-remaining')).toBe('59');
    expect(ok?.headers.get('x-quota-limit')).toBe('1000');
    expect(ok?.headers.get('x-quota-remaining')).toBe('999');
    expect(bad?.status).toBe(400);
    expect(bad?.headers.get('x-ratelimit-remaining')).toBe('58');
    expect(bad?.headers.get('x-quota-remaining')).toBe('998');
  });

  it('gives a paid key the rate headers but no quota headers', async () => {
    const [paid] = await fire(service, PAID_KEY, 1, '/api/search?q=jiri');
    expect(paid?.status).toBe(200);
    expect(paid?.headers.get('x-ratelimit-limit')).toBe('60');
    expect(paid?.headers.has('x-quota-limit')).toBe(false);
  });

  it('puts no limit headers on a 401', async () => {
    const [unknown] = await fire(service, 'nd_live_ffffffffffffffffffffffffffffffff', 1);
    expect(unknown?.status).toBe(401);
    expect(unknown?.headers.has('x-ratelimit-limit')).toBe(false);
  });
});

describe('the free monthly quota on the local server', () => {
  it('admits exactly the quota of 100 concurrent requests and refuses the rest with 402, counting only the admitted', async () => {
    const service = await start({ ratePerMinute: 1000, freeMonthlyQuota: 60 });
    try {
      const responses = await fire(service, QUOTA_KEY, 100);
      expect(tally(responses.map((response) => response.status))).toEqual({ 200: 60, 402: 40 });
      expect(responses.find((response) => response.status === 402)?.body).toEqual({
        error: 'Payment Required',
        message: 'Monthly quota exceeded. Please upgrade your plan.',
        statusCode: 402,
      });
      const after = await fire(service, QUOTA_KEY, 1);
      expect(after[0]?.headers.get('x-quota-remaining')).toBe('0');
    } finally {
      await service.close();
    }
  });
});
