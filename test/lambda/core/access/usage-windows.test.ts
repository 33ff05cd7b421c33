import { limitHeaders } from '../../../../lambda/adapters/http/limit-headers';
import {
  countsIn,
  planFor,
  standingOf,
  refusalFor,
  windowsAt,
  type KeyUsage,
} from '../../../../lambda/core/access/usage-windows';

const limits = { ratePerMinute: 60, freeMonthlyQuota: 1000 };

describe('usage windows', () => {
  it.each([
    ['2026-11-21T10:00:00.000Z', 60, '2026-11-21T10:00', '2026-11', Date.UTC(2026, 10, 21, 10, 1) / 1000],
    ['2026-11-21T10:00:00.001Z', 60, '2026-11-21T10:00', '2026-11', Date.UTC(2026, 10, 21, 10, 1) / 1000],
    ['2026-11-21T10:00:59.000Z', 1, '2026-11-21T10:00', '2026-11', Date.UTC(2026, 10, 21, 10, 1) / 1000],
    ['2026-11-21T10:00:59.999Z', 1, '2026-11-21T10:00', '2026-11', Date.UTC(2026, 10, 21, 10, 1) / 1000],
    ['2026-11-21T10:00:30.500Z', 30, '2026-11-21T10:00', '2026-11', Date.UTC(2026, 10, 21, 10, 1) / 1000],
    ['2026-12-31T23:59:59.500Z', 1, '2026-12-31T23:59', '2026-12', Date.UTC(2027, 0, 1) / 1000],
    ['2027-01-01T00:00:00.000Z', 60, '2027-01-01T00:00', '2027-01', Date.UTC(2027, 0, 1, 0, 1) / 1000],
  ])('at %s: Retry-After %i, minute %s, month %s, reset at %i', (iso, retryAfter, minute, month, resetAt) => {
    expect(windowsAt(new Date(iso))).toEqual({ minute, month, day: iso.slice(0, 10), retryAfter, resetAt });
  });

  const usage = (overrides: Partial<KeyUsage>): KeyUsage => ({
    status: 'active',
    tier: 'free',
    minuteWindow: '2026-11-21T10:00',
    minuteCount: 0,
    monthWindow: '2026-11',
    monthCount: 0,
    ...overrides,
  });
  const now = windowsAt(new Date('2026-11-21T10:00:10Z'));

  it.each([
    ['a missing key', undefined, 'unauthorized'],
    ['a revoked key', usage({ status: 'revoked' }), 'unauthorized'],
    ['room in both windows', usage({ minuteCount: 59, monthCount: 999 }), undefined],
    ['a full minute', usage({ minuteCount: 60 }), 'rate'],
    ['a spent quota', usage({ monthCount: 1000 }), 'quota'],
    ['both spent: 402 first', usage({ minuteCount: 60, monthCount: 1000 }), 'quota'],
    ['a paid key past the free quota', usage({ tier: 'paid', monthCount: 5000 }), undefined],
    ['a full minute of an earlier minute', usage({ minuteWindow: '2026-11-21T09:59', minuteCount: 60 }), undefined],
    ['a spent quota of an earlier month', usage({ monthWindow: '2026-10', monthCount: 1000 }), undefined],
  ] as const)('refuses %s with %s', (_case, state, refusal) => {
    expect(refusalFor(state, now, limits)).toBe(refusal);
  });

  it.each([
    [usage({}), 'same-minute'],
    [usage({ minuteWindow: '2026-11-21T09:59' }), 'new-minute'],
    [usage({ monthWindow: '2026-10', minuteWindow: '2026-10-31T23:59' }), 'new-month'],
    [{}, 'new-month'],
  ] as const)('plans the count from the stored windows', (state, plan) => {
    expect(planFor(state, now)).toBe(plan);
  });

  it('puts the quota headers on free keys only, remaining after this request', () => {
    const counts = countsIn(usage({ minuteCount: 3, monthCount: 10 }), now);
    expect(limitHeaders(standingOf('free', counts, now, limits))).toEqual({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '57',
      'X-RateLimit-Reset': String(now.resetAt),
      'X-Quota-Limit': '1000',
      'X-Quota-Remaining': '990',
    });
    expect(Object.keys(limitHeaders(standingOf('paid', counts, now, limits)))).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
  });
});
