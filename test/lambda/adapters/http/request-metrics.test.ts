import { runRequest } from '../../../../lambda/adapters/http/request-pipeline';
import { jsonResponse } from '../../../../lambda/adapters/http/responses';
import { Admission, type UsageCounter } from '../../../../lambda/core/access/admission';
import type { KeyUsage } from '../../../../lambda/core/access/usage-windows';
import { ValidationError } from '../../../../lambda/core/shared/errors';
import { getEvent } from '../../../support/events';
import { recordingLogger } from '../../../support/silent-logger';

const KEY = 'nd_live_0123456789abcdef0123456789abcdef';
const clock = { now: () => new Date('2026-11-21T10:00:00Z') };

/** A key record in memory, counted by the core's own rules: the port the DynamoDB repository implements. */
const counterFor = (usage: KeyUsage | undefined): UsageCounter => ({
  bind: (keyHash) => Promise.resolve(usage && { keyHash, keyId: 'key_0123456789ab', status: usage.status, tier: usage.tier }),
  adopt: () => Promise.resolve(),
  count: (_hash, _plan, windows) =>
    Promise.resolve(
      usage && usage.status === 'active'
        ? { ...usage, minuteWindow: windows.minute, minuteCount: 1, monthWindow: windows.month, monthCount: 1 }
        : undefined,
    ),
  read: () => Promise.resolve(usage),
});

const requestLine = async (
  usage: KeyUsage | undefined,
  route = () => Promise.resolve(jsonResponse(200, {})),
  resource = '/api/search',
) => {
  const logger = recordingLogger();
  const admission = new Admission(counterFor(usage), { ratePerMinute: 60, freeMonthlyQuota: 1000 }, clock);
  await runRequest({ logger, admission, clock }, getEvent(resource, 'q=ma', { 'x-api-key': KEY }), undefined, route);
  return logger.lines.find((line) => line.message === 'request')?.attributes ?? {};
};

describe('request metrics in the request log line', () => {
  it('counts a request by operation, status and tier in CloudWatch embedded metric format', async () => {
    const line = await requestLine({ status: 'active', tier: 'free' });
    expect(line).toMatchObject({ Operation: 'search', Status: '200', Tier: 'free', Requests: 1 });
    expect(line._aws).toEqual({
      Timestamp: Date.parse('2026-11-21T10:00:00Z'),
      CloudWatchMetrics: [
        {
          Namespace: 'NamedayApi',
          Dimensions: [
            ['Operation', 'Status'],
            ['Operation', 'Tier'],
          ],
          Metrics: [{ Name: 'Requests', Unit: 'Count' }],
        },
      ],
    });
  });

  it('names the paid tier and the status of an admitted request the route refused', async () => {
    const line = await requestLine(
      { status: 'active', tier: 'paid' },
      () => Promise.reject(new ValidationError('bad')),
      '/api/v1/namedays',
    );
    expect(line).toMatchObject({ Operation: 'listing', Status: '400', Tier: 'paid' });
  });

  it("counts a refusal by its status: 401 with no tier, 429 with the key's tier", async () => {
    expect(await requestLine({ status: 'revoked', tier: 'free' })).toMatchObject({ Status: '401', Tier: 'none' });
    const spent: UsageCounter = {
      bind: (keyHash) => Promise.resolve({ keyHash, keyId: 'key_0123456789ab', status: 'active', tier: 'free' }),
      adopt: () => Promise.resolve(),
      count: () => Promise.resolve(undefined),
      read: () =>
        Promise.resolve({
          status: 'active',
          tier: 'free',
          minuteWindow: '2026-11-21T10:00',
          minuteCount: 60,
          monthWindow: '2026-11',
          monthCount: 60,
        }),
    };
    const logger = recordingLogger();
    const admission = new Admission(spent, { ratePerMinute: 60, freeMonthlyQuota: 1000 }, clock);
    await runRequest({ logger, admission, clock }, getEvent('/api/search', 'q=ma', { 'x-api-key': KEY }), undefined, () =>
      Promise.resolve(jsonResponse(200, {})),
    );
    expect(logger.lines.find((line) => line.message === 'request')?.attributes).toMatchObject({ Status: '429', Tier: 'free' });
  });
});
