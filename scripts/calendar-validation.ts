import type { CalendarDefinition, MovableRule } from '../lambda/core/calendar';
import { isoDateOfJdn } from '../lambda/core/civil-date';
import { easterJdn } from '../lambda/core/easter';
import { isSupportedCountry } from '../lambda/core/countries';
import { materializeYear } from '../lambda/core/materialize';
import { scriptOf } from '../lambda/core/name-folding';
import { planYear } from '../lambda/core/year-plan';
import { shapeOf } from '../lambda/core/calendar';
import { FIRST_YEAR, LAST_YEAR } from '../lambda/core/query-params';
import { gaussOrthodoxEaster, gaussWesternEaster } from './independent-easter';

const TRADITIONS = [null, 'Catholic', 'Orthodox', 'Lutheran', 'Protestant'];
const MONTH_LENGTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const SCRIPT_OF_LANGUAGE: Readonly<Record<string, string>> = { el: 'greek', bg: 'cyrillic', ru: 'cyrillic', uk: 'cyrillic' };

const isDayKey = (key: string): boolean => {
  const match = /^(\d{2})-(\d{2})$/.exec(key);
  if (!match) return false;
  const [month, day] = [Number(match[1]), Number(match[2])];
  return month >= 1 && month <= 12 && day >= 1 && day <= (MONTH_LENGTHS[month - 1] ?? 0);
};

const isCivilDate = (value: unknown): boolean => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};

const ruleProblems = (id: string, rule: MovableRule): string[] => {
  switch (rule.kind) {
    case 'easter':
      return Number.isInteger(rule.offset) ? [] : [`movable ${id}: offset must be an integer`];
    case 'fixed-unless-easter':
      return isDayKey(rule.date) ? [] : [`movable ${id}: bad date ${rule.date}`];
    case 'weekday-on-or-after':
      return isDayKey(rule.date) && rule.weekday >= 0 && rule.weekday <= 6 ? [] : [`movable ${id}: bad date or weekday`];
    case 'civil-date':
      return isDayKey(rule.date) && rule.date !== '02-29' && ['gregorian', 'julian'].includes(rule.reckoning)
        ? []
        : [`movable ${id}: bad civil date or reckoning`];
    default:
      return [`movable ${id}: unknown rule kind`];
  }
};

/** Structural problems of one calendar file: the schema of data/SCHEMA.md. */
export const schemaProblems = (calendar: CalendarDefinition, fileName: string): string[] => {
  const problems: string[] = [];
  const expect = (ok: boolean, message: string) => ok || problems.push(message);
  expect(/^[a-z]+(-[a-z]+)*$/.test(calendar.slug), `slug must be lower-case words joined by "-": ${calendar.slug}`);
  expect(fileName === `${calendar.slug}.json`, 'file name must be <slug>.json');
  expect(isSupportedCountry(calendar.country), `unsupported country ${calendar.country}`);
  expect(typeof calendar.calendarName === 'string' && calendar.calendarName.length > 0, 'calendarName missing');
  expect(TRADITIONS.includes(calendar.tradition), `bad tradition ${String(calendar.tradition)}`);
  expect(Array.isArray(calendar.languages) && calendar.languages.length > 0, 'languages missing');
  expect(
    Array.isArray(calendar.sources) && calendar.sources.length >= 2 && calendar.sources.every((source) => source.title && source.url),
    'at least two sources, each with title and url',
  );
  expect(Array.isArray(calendar.fixedDates) && calendar.fixedDates.length > 0, 'fixedDates missing');
  for (const [key, day] of Object.entries(calendar.days ?? {})) {
    expect(isDayKey(key), `bad day key ${key}`);
    expect(Array.isArray(day.names), `${key}: names must be an array`);
    expect(new Set(day.names).size === day.names.length, `${key}: a name twice`);
    expect(day.names.every((name) => typeof name === 'string' && name.trim() === name && name.length > 0), `${key}: empty or padded name`);
    expect(day.names.length > 0 || (day.feasts ?? []).length > 0 || !!day.gap, `${key}: no names, feasts or gap`);
  }
  const ids = (calendar.movable ?? []).map((entry) => entry.id);
  expect(new Set(ids).size === ids.length, 'movable ids must be unique');
  for (const entry of calendar.movable ?? []) {
    problems.push(...ruleProblems(entry.id, entry.rule));
    for (const bound of [entry.from, entry.until]) {
      expect(bound === undefined || isCivilDate(bound), `movable ${entry.id}: bad from/until ${String(bound)}`);
    }
  }
  const expectedScript = SCRIPT_OF_LANGUAGE[calendar.languages?.[0] ?? ''] ?? 'latin';
  const allNames = [...Object.values(calendar.days ?? {}).flatMap((day) => day.names), ...(calendar.movable ?? []).flatMap((entry) => entry.names ?? [])];
  for (const name of allNames) expect(scriptOf(name) === expectedScript, `${name}: not in the ${expectedScript} script of ${calendar.languages?.[0]}`);
  return problems;
};

/** Materializes every year: dates valid and unique, no name twice on a day once movable entries join. */
export const yearProblems = (calendar: CalendarDefinition): string[] => {
  const problems: string[] = [];
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year += 1) {
    const entries = materializeYear(calendar, year);
    const dates = entries.map((entry) => entry.date);
    if (new Set(dates).size !== dates.length) problems.push(`${year}: a date twice`);
    if (dates.some((date) => !date.startsWith(`${year}-`))) problems.push(`${year}: a date outside the year`);
    for (const entry of entries) {
      if (new Set(entry.names).size !== entry.names.length) problems.push(`${entry.date}: a name twice once movable entries join`);
    }
  }
  return problems;
};

/** Every Easter-relative entry, every year, against Gauss's independent computation. */
export const easterProblems = (calendar: CalendarDefinition): string[] => {
  const problems: string[] = [];
  const shape = shapeOf(calendar);
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year += 1) {
    const plan = planYear(shape, year);
    for (const entry of calendar.movable) {
      if (entry.rule.kind !== 'easter') continue;
      const gauss = entry.rule.reckoning === 'western' ? gaussWesternEaster(year) : gaussOrthodoxEaster(year);
      const expected = new Date(Date.parse(`${gauss}T00:00:00Z`) + entry.rule.offset * 86400000).toISOString().slice(0, 10);
      const planned = plan.filter((slot) => slot.movable.includes(entry)).map((slot) => slot.date);
      const applies = (!entry.from || expected >= entry.from) && (!entry.until || expected <= entry.until);
      const inYear = expected.startsWith(`${year}-`) && applies ? [expected] : [];
      if (JSON.stringify(planned) !== JSON.stringify(inYear)) problems.push(`${entry.id} ${year}: planned ${planned.join(',') || 'nothing'}, Gauss says ${expected}`);
      if (isoDateOfJdn(easterJdn(entry.rule.reckoning, year)) !== gauss) problems.push(`${year}: Easter computations disagree`);
    }
  }
  return problems;
};

/** Everything above for one file: the schema first, the years and Easter only once the schema holds. */
export const calendarProblems = (calendar: CalendarDefinition, fileName: string): string[] => {
  const schema = schemaProblems(calendar, fileName);
  return schema.length > 0 ? schema : [...yearProblems(calendar), ...easterProblems(calendar)];
};
