import type { CalendarShape } from './calendar';
import { fixedRef, movableRef } from '../names/name-index';
import { planYear, type Slot } from './year-plan';

export interface SlotFilter {
  country?: string;
  slug?: string;
}

const bySlotOrder = (a: Slot, b: Slot): number =>
  a.jdn - b.jdn ||
  (a.calendar.country < b.calendar.country ? -1 : a.calendar.country > b.calendar.country ? 1 : 0) ||
  (a.calendar.slug < b.calendar.slug ? -1 : a.calendar.slug > b.calendar.slug ? 1 : 0);

/** How many years' plans stay in memory: enough for the current year and its neighbours. */
const CACHED_YEARS = 8;

/**
 * The calendars the service publishes, and their year plans. Planning a year is pure but not free
 * (every day of every calendar), so plans are kept per year and filter for later requests.
 */
export class CalendarCatalog {
  readonly calendars: readonly CalendarShape[];
  private readonly bySlug: ReadonlyMap<string, CalendarShape>;
  private readonly years = new Map<number, Map<string, Slot[]>>();
  private readonly ruleDates = new Map<string, ReadonlyMap<string, readonly string[]>>();

  constructor(calendars: readonly CalendarShape[]) {
    this.calendars = [...calendars].sort((a, b) => a.country.localeCompare(b.country) || a.slug.localeCompare(b.slug));
    this.bySlug = new Map(this.calendars.map((calendar) => [calendar.slug, calendar]));
  }

  find(slug: string): CalendarShape | undefined {
    return this.bySlug.get(slug);
  }

  /** Every slot of the matching calendars in a year, ordered by date, country, then calendar. */
  slotsOf(year: number, filter: SlotFilter): readonly Slot[] {
    const plans = this.plansOf(year);
    const filterKey = `${filter.country ?? '*'}|${filter.slug ?? '*'}`;
    let slots = plans.get(filterKey);
    if (!slots) {
      slots = this.calendars
        .filter(
          (calendar) =>
            (!filter.country || calendar.country === filter.country) && (!filter.slug || calendar.slug === filter.slug),
        )
        .flatMap((calendar) => planYear(calendar, year))
        .sort(bySlotOrder);
      plans.set(filterKey, slots);
    }
    return slots;
  }

  /**
   * The dates in `year` of each rule of a calendar ("f:MM-DD" or "m:<id>"), for dating search hits.
   * Usually one date; none when a leap day or era skips it, two when an era change repeats it.
   */
  datesOfRules(slug: string, year: number): ReadonlyMap<string, readonly string[]> {
    const cacheKey = `${slug}|${year}`;
    let dates = this.ruleDates.get(cacheKey);
    if (!dates) {
      const byRule = new Map<string, string[]>();
      const add = (ref: string, date: string) => {
        const list = byRule.get(ref);
        if (!list) byRule.set(ref, [date]);
        else if (!list.includes(date)) list.push(date);
      };
      for (const slot of this.slotsOf(year, { slug })) {
        for (const fixed of slot.fixed) add(fixedRef(fixed.key), slot.date);
        for (const entry of slot.movable) add(movableRef(entry.id), slot.date);
      }
      if (this.ruleDates.size >= CACHED_YEARS * this.calendars.length) this.ruleDates.clear();
      this.ruleDates.set(cacheKey, byRule);
      dates = byRule;
    }
    return dates;
  }

  private plansOf(year: number): Map<string, Slot[]> {
    let plans = this.years.get(year);
    if (plans) {
      this.years.delete(year);
    } else {
      plans = new Map();
      if (this.years.size >= CACHED_YEARS) this.years.delete(this.years.keys().next().value as number);
    }
    this.years.set(year, plans);
    return plans;
  }
}

/** The slots whose date lies in [first, last] (JDN), found by binary search on the date order. */
export const slotsBetween = (slots: readonly Slot[], first: number, last: number): readonly Slot[] => {
  const lowerBound = (jdn: number): number => {
    let low = 0;
    let high = slots.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((slots[middle] as Slot).jdn < jdn) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return slots.slice(lowerBound(first), lowerBound(last + 1));
};
