import type { CalendarShape, Era, LeapDayRule, MovableEntry, MovableRule, Reckoning } from './calendar';
import {
  gregorianToJdn,
  gregorianYearBounds,
  isGregorianLeapYear,
  isJulianLeapYear,
  isoDateOfJdn,
  julianToJdn,
  jdnToGregorian,
  parseMonthDay,
  weekdayOfJdn,
} from './civil-date';
import { easterJdn } from './easter';

/** Points at one fixed day of a calendar as the store keeps it. */
export interface FixedDayRef {
  country: string;
  slug: string;
  /** Index of the era in `fixedDates` whose reckoning placed the day. */
  era: number;
  /** Whether that era is the calendar's last, the one in force today. */
  currentEra: boolean;
  /** The day's key in the calendar data, "MM-DD" in the era's reckoning. */
  key: string;
  /** "MMDD": the civil date the key usually falls on, which orders the store's items. */
  anchor: string;
}

/** One calendar's entry on one civil date of a year, before its contents are read. */
export interface Slot {
  jdn: number;
  date: string;
  calendar: CalendarShape;
  fixed: FixedDayRef[];
  movable: MovableEntry[];
}

/**
 * Julian keys are anchored at their civil date in 2024, a leap year in both calendars, so that every
 * key, 29 February included, has its own anchor. That date is right for every year from 1900-03-01
 * to 2100-02-28; the edges of the range fall a day off and still read correctly, just less tightly.
 */
const ANCHOR_YEAR = 2024;

export const anchorOf = (reckoning: Reckoning, key: string): string => {
  if (reckoning === 'gregorian') return key.replace('-', '');
  const { month, day } = jdnToGregorian(
    julianToJdn({ year: ANCHOR_YEAR, month: parseMonthDay(key).month, day: parseMonthDay(key).day }),
  );
  return `${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
};

const toJdn = (reckoning: Reckoning) => (reckoning === 'julian' ? julianToJdn : gregorianToJdn);
const isLeap = (reckoning: Reckoning, year: number) =>
  reckoning === 'julian' ? isJulianLeapYear(year) : isGregorianLeapYear(year);

const isoToJdn = (iso: string): number => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return gregorianToJdn({ year, month, day });
};

interface EraSpan {
  index: number;
  reckoning: Reckoning;
  first: number;
  last: number;
}

const eraSpans = (eras: Era[]): EraSpan[] =>
  eras.map((era, index) => ({
    index,
    reckoning: era.reckoning,
    first: era.from ? isoToJdn(era.from) : Number.NEGATIVE_INFINITY,
    last: era.until ? isoToJdn(era.until) : Number.POSITIVE_INFINITY,
  }));

/** Where a day key falls in one year of its reckoning, after the calendar's leap-day rule. */
const placeKey = (
  leapDay: LeapDayRule,
  reckoning: Reckoning,
  sourceYear: number,
  key: string,
): { month: number; day: number } | null => {
  const { month, day } = parseMonthDay(key);
  const leap = isLeap(reckoning, sourceYear);
  if (month === 2 && day === 29 && !leap) {
    return leapDay.rule === 'own-day' && leapDay.inCommonYears ? parseMonthDay(leapDay.inCommonYears) : null;
  }
  if (leapDay.rule === 'shift' && leap && month === 2) {
    const first = parseMonthDay(leapDay.leapDay).day;
    const last = parseMonthDay(leapDay.through).day;
    if (day >= first && day <= last) return { month, day: day + 1 };
  }
  return { month, day };
};

/** Julian source years reach into the next civil year by up to 14 days. */
const sourceYearsFor = (reckoning: Reckoning, year: number): number[] => (reckoning === 'julian' ? [year - 1, year] : [year]);

/** Civil dates (JDN) of a key in `year`, each read in the era in force on that date. */
const civilDatesOfKey = (spans: EraSpan[], key: string, year: number): number[] => {
  const { month, day } = parseMonthDay(key);
  const { first, last } = gregorianYearBounds(year);
  const dates: number[] = [];
  for (const span of spans) {
    for (const sourceYear of sourceYearsFor(span.reckoning, year)) {
      const jdn = toJdn(span.reckoning)({ year: sourceYear, month, day });
      if (jdn >= first && jdn <= last && jdn >= span.first && jdn <= span.last) dates.push(jdn);
    }
  }
  return dates;
};

const movableDates = (rule: MovableRule, spans: EraSpan[], year: number): number[] => {
  switch (rule.kind) {
    case 'easter':
      return [easterJdn(rule.reckoning, year) + rule.offset];
    case 'fixed-unless-easter': {
      const easter = easterJdn(rule.reckoning, year);
      const earliest = easter + (rule.ifOnOrAfter ?? Number.NEGATIVE_INFINITY);
      return civilDatesOfKey(spans, rule.date, year).map((jdn) =>
        jdn >= earliest && jdn <= easter + rule.ifOnOrBefore ? easter + rule.moveTo : jdn,
      );
    }
    case 'weekday-on-or-after':
      return civilDatesOfKey(spans, rule.date, year).map((jdn) => jdn + ((rule.weekday - weekdayOfJdn(jdn) + 7) % 7));
    case 'civil-date':
      return civilDatesOfKey(eraSpans([{ reckoning: rule.reckoning }]), rule.date, year);
  }
};

const appliesOn = (entry: MovableEntry, jdn: number): boolean =>
  (!entry.from || jdn >= isoToJdn(entry.from)) && (!entry.until || jdn <= isoToJdn(entry.until));

/**
 * The dated entries of one calendar in one civil year, in date order: which fixed days and
 * movable entries fall on each date. Pure: the same shape and year always give the same plan.
 */
export const planYear = (calendar: CalendarShape, year: number): Slot[] => {
  const { first, last } = gregorianYearBounds(year);
  const slots = new Map<number, Slot>();
  const slotAt = (jdn: number): Slot => {
    let slot = slots.get(jdn);
    if (!slot) {
      slot = { jdn, date: isoDateOfJdn(jdn), calendar, fixed: [], movable: [] };
      slots.set(jdn, slot);
    }
    return slot;
  };
  const spans = eraSpans(calendar.fixedDates);

  const civilKeys = new Set(calendar.civilDayKeys ?? []);
  for (const span of spans) {
    for (const key of calendar.dayKeys) {
      const reckoning = civilKeys.has(key) ? 'gregorian' : span.reckoning;
      for (const sourceYear of sourceYearsFor(reckoning, year)) {
        const placed = placeKey(calendar.leapDay, reckoning, sourceYear, key);
        if (!placed) continue;
        const jdn = toJdn(reckoning)({ year: sourceYear, ...placed });
        if (jdn < first || jdn > last || jdn < span.first || jdn > span.last) continue;
        slotAt(jdn).fixed.push({
          country: calendar.country,
          slug: calendar.slug,
          era: span.index,
          currentEra: span.index === spans.length - 1,
          key,
          anchor: anchorOf(reckoning, key),
        });
      }
    }
  }

  for (const entry of calendar.movable) {
    for (const jdn of movableDates(entry.rule, spans, year)) {
      if (jdn >= first && jdn <= last && appliesOn(entry, jdn)) slotAt(jdn).movable.push(entry);
    }
  }

  return [...slots.values()].sort((a, b) => a.jdn - b.jdn);
};
