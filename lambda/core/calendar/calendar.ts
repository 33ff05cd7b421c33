import type { EasterReckoning } from './easter';

/** How the "MM-DD" keys of a calendar's days map to civil dates during an era. */
export type Reckoning = 'gregorian' | 'julian';

export interface Era {
  reckoning: Reckoning;
  /** First civil date of the era, inclusive (YYYY-MM-DD). */
  from?: string;
  /** Last civil date of the era, inclusive (YYYY-MM-DD). */
  until?: string;
}

export type LeapDayRule = { rule: 'own-day'; inCommonYears?: '02-28' } | { rule: 'shift'; leapDay: string; through: string };

export type MovableRule =
  | { kind: 'easter'; reckoning: EasterReckoning; offset: number }
  | {
      kind: 'fixed-unless-easter';
      date: string;
      reckoning: EasterReckoning;
      /** Moved only if the date falls no earlier than Easter + this (Romania: Holy Week only). */
      ifOnOrAfter?: number;
      ifOnOrBefore: number;
      moveTo: number;
    }
  | { kind: 'weekday-on-or-after'; date: string; weekday: number }
  /**
   * A date of the civil calendar, read in the given reckoning whatever the church's eras say: a public
   * holiday kept apart from the church day it shares a key with (New Year's Day stayed on civil
   * 1 January when Bulgaria's church kept the Julian calendar until 1968).
   */
  | { kind: 'civil-date'; date: string; reckoning: Reckoning };

export interface DayContent {
  names: string[];
  feasts?: string[];
  /** Why a day deliberately names nobody (a public holiday, for example). */
  gap?: string;
  /**
   * The key is a civil date in every era: the day stayed on its civil date when the church changed
   * reckoning (Bulgaria's Saint George on 6 May, before 1968 as 23 April Julian).
   */
  civil?: true;
}

export interface MovableEntry {
  id: string;
  rule: MovableRule;
  names?: string[];
  feasts?: string[];
  /** First civil date (YYYY-MM-DD, inclusive) the entry applies: a rule that changed during 1900-2100. */
  from?: string;
  /** Last civil date (YYYY-MM-DD, inclusive) the entry applies. */
  until?: string;
}

export type Tradition = 'Catholic' | 'Orthodox' | 'Lutheran' | 'Protestant' | null;

export interface CalendarMeta {
  slug: string;
  country: string;
  calendarName: string;
  tradition: Tradition;
  languages: string[];
}

interface CalendarRules {
  fixedDates: Era[];
  leapDay: LeapDayRule;
  movable: MovableEntry[];
}

export interface Source {
  title: string;
  url: string;
}

/** A calendar as written in data/calendars/<slug>.json. */
export interface CalendarDefinition extends CalendarMeta, CalendarRules {
  sources: Source[];
  days: Record<string, DayContent>;
}

/**
 * Everything needed to date a calendar's entries in any year, without the fixed days' contents:
 * those stay in the store and are read only for the days a request returns.
 */
export interface CalendarShape extends CalendarMeta, CalendarRules {
  /** The "MM-DD" keys of `days` that have an entry. */
  dayKeys: string[];
  /** The keys among them that are civil dates in every era. */
  civilDayKeys?: string[];
}

export const shapeOf = (definition: CalendarDefinition): CalendarShape => ({
  slug: definition.slug,
  country: definition.country,
  calendarName: definition.calendarName,
  tradition: definition.tradition,
  languages: definition.languages,
  fixedDates: definition.fixedDates,
  leapDay: definition.leapDay,
  movable: definition.movable,
  dayKeys: Object.keys(definition.days).sort(),
  ...(Object.values(definition.days).some((day) => day.civil) && {
    civilDayKeys: Object.keys(definition.days)
      .filter((key) => definition.days[key]?.civil)
      .sort(),
  }),
});
