import type { FeedCount, KeyBinding } from '../../core/access/admission';
import type { Tier } from '../../core/access/api-keys';
import type { CountPlan, FeedVisit, KeyUsage, UsageWindows } from '../../core/access/usage-windows';
import type { Limits } from '../../contract';

/*
 * Where requests are counted, and how: one UpdateItem whose condition checks, atomically, that the key
 * is active, that the stored windows are the ones the plan expects, and that the limits leave room; so
 * N concurrent requests admit exactly min(N, limit).
 *
 * A dashboard key counts on its account's record (keyHash = "account#<owner>"), which every key of the
 * account shares: the month window and count are the account's; the key's own attributes are named by
 * the twelve hex characters of its id <h>, short so that the record stays small (a write costs one
 * unit per KB): k<h> its standing ("free" or "paid" while active; absent once revoked), w<h>/n<h> its
 * minute window and count, c<h><YYYY-MM> its share of the month. A feed's last counted day is
 * d<feed hex>. A key with no account (an operator's) counts on its own record, as it always did: status,
 * tier, minuteWindow/minuteCount, monthWindow/monthCount.
 */
export const ACCOUNT_PREFIX = 'account#';

export const accountItemKey = (owner: string): string => `${ACCOUNT_PREFIX}${owner}`;

/** The twelve hex characters of a key or feed id ("key_1a2b…", "feed_1a2b…"). */
const hexOf = (id: string): string => id.slice(id.indexOf('_') + 1);

export const keyAttributes = (keyId: string) => {
  const h = hexOf(keyId);
  return { standing: `k${h}`, minuteWindow: `w${h}`, minuteCount: `n${h}`, monthShare: (month: string) => `c${h}${month}` };
};

export const feedDayAttribute = (feedId: string): string => `d${hexOf(feedId)}`;

const previousMonth = (month: string): string => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
};

export interface CountWrite {
  key: { keyHash: string };
  condition: string;
  update: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** The record a key counts on. */
export const countingRecordOf = (binding: KeyBinding): { keyHash: string } => ({
  keyHash: binding.owner === undefined ? binding.keyHash : accountItemKey(binding.owner),
});

/** The conditional write that counts one request of `binding`'s key by `plan`. */
export const countWrite = (
  binding: KeyBinding,
  plan: CountPlan,
  windows: UsageWindows,
  limits: Limits,
  feed?: FeedCount,
): CountWrite => {
  const own = binding.owner === undefined;
  const attributes = keyAttributes(binding.keyId);
  const names: Record<string, string> = own
    ? { '#active': 'status', '#tier': 'tier', '#mw': 'minuteWindow', '#mc': 'minuteCount' }
    : {
        '#active': attributes.standing,
        '#tier': attributes.standing,
        '#mw': attributes.minuteWindow,
        '#mc': attributes.minuteCount,
      };
  const values: Record<string, unknown> = { ':minute': windows.minute, ':one': 1, ':paid': 'paid' };
  const conditions = [own ? '#active = :active' : '#active IN (:free, :paid)'];
  if (own) values[':active'] = 'active';
  else values[':free'] = 'free';
  const sets: string[] = [];
  const adds: string[] = [];
  const removes: string[] = [];

  if (plan === 'same-minute') {
    conditions.push('#mw = :minute', '#mc < :rate');
    sets.push('#mc = #mc + :one');
  } else {
    conditions.push('(attribute_not_exists(#mw) OR #mw <> :minute)');
    sets.push('#mw = :minute', '#mc = :one');
  }
  values[':rate'] = limits.ratePerMinute;

  const countsMonth = !feed?.countedToday;
  if (feed) {
    names['#feedDay'] = feedDayAttribute(feed.feedId);
    values[':day'] = feed.day;
    if (feed.countedToday) conditions.push('#feedDay = :day');
    else {
      conditions.push('(attribute_not_exists(#feedDay) OR #feedDay <> :day)');
      sets.push('#feedDay = :day');
    }
  }
  if (countsMonth) {
    values[':month'] = windows.month;
    if (plan === 'new-month') {
      conditions.push('(attribute_not_exists(monthWindow) OR monthWindow <> :month)');
      sets.push('monthWindow = :month', 'monthCount = :one');
    } else {
      values[':quota'] = limits.freeMonthlyQuota;
      conditions.push('monthWindow = :month', '(#tier = :paid OR monthCount < :quota)');
      sets.push('monthCount = monthCount + :one');
    }
    if (!own) {
      names['#share'] = attributes.monthShare(windows.month);
      adds.push('#share :one');
      if (plan !== 'same-minute') {
        // The key's share of last month is no longer shown: it goes, so that the record stays small.
        names['#lastShare'] = attributes.monthShare(previousMonth(windows.month));
        removes.push('#lastShare');
      }
    }
  }
  const update = [
    `SET ${sets.join(', ')}`,
    ...(adds.length > 0 ? [`ADD ${adds.join(', ')}`] : []),
    ...(removes.length > 0 ? [`REMOVE ${removes.join(', ')}`] : []),
  ].join(' ');
  const condition = `attribute_exists(keyHash) AND ${conditions.join(' AND ')}`;
  return { key: countingRecordOf(binding), condition, update, ...onlyUsed(`${condition} ${update}`, names, values) };
};

/** DynamoDB refuses names and values an expression does not use. */
const onlyUsed = (expression: string, names: Record<string, string>, values: Record<string, unknown>) => {
  const used = new Set(expression.match(/[#:][A-Za-z]+/g));
  return {
    names: Object.fromEntries(Object.entries(names).filter(([name]) => used.has(name))),
    values: Object.fromEntries(Object.entries(values).filter(([name]) => used.has(name))),
  };
};

/** The counting record as the key's usage; undefined when an account's record does not know the key. */
export const usageFromItem = (
  binding: KeyBinding,
  item: Record<string, unknown> | undefined,
  windows: Pick<UsageWindows, 'month'>,
  feed?: FeedVisit,
): KeyUsage | undefined => {
  if (!item) return undefined;
  const feedDay = feed && (item[feedDayAttribute(feed.feedId)] as string | undefined);
  const common = {
    ...(item.monthWindow !== undefined && { monthWindow: item.monthWindow as string }),
    ...(item.monthCount !== undefined && { monthCount: item.monthCount as number }),
    ...(feedDay !== undefined && { feedDay }),
  };
  if (binding.owner === undefined) {
    return {
      status: item.status as KeyUsage['status'],
      tier: item.tier as Tier,
      ...(item.minuteWindow !== undefined && { minuteWindow: item.minuteWindow as string }),
      ...(item.minuteCount !== undefined && { minuteCount: item.minuteCount as number }),
      ...common,
    };
  }
  const attributes = keyAttributes(binding.keyId);
  const standing = item[attributes.standing] as Tier | undefined;
  if (standing !== 'free' && standing !== 'paid') return undefined;
  const share = item[attributes.monthShare(windows.month)] as number | undefined;
  return {
    status: 'active',
    tier: standing,
    ...(item[attributes.minuteWindow] !== undefined && { minuteWindow: item[attributes.minuteWindow] as string }),
    ...(item[attributes.minuteCount] !== undefined && { minuteCount: item[attributes.minuteCount] as number }),
    ...common,
    ...(share !== undefined && { keyMonthCount: share }),
  };
};
