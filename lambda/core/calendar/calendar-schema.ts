import type { CalendarDefinition, MovableRule } from './calendar';
import { isSupportedCountry } from '../shared/countries';
import { scriptOf } from '../names/name-folding';

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

/**
 * Structural problems of one calendar file: the schema of data/SCHEMA.md. Every loader of the data
 * (the local seed, the deploy-time loader, the stack) runs it, so bad data fails there, not in a request.
 */
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
    Array.isArray(calendar.sources) &&
      calendar.sources.length >= 2 &&
      calendar.sources.every((source) => source.title && source.url),
    'at least two sources, each with title and url',
  );
  expect(Array.isArray(calendar.fixedDates) && calendar.fixedDates.length > 0, 'fixedDates missing');
  for (const era of calendar.fixedDates ?? []) {
    expect(['gregorian', 'julian'].includes(era.reckoning), `fixedDates: bad reckoning ${String(era.reckoning)}`);
    for (const bound of [era.from, era.until])
      expect(bound === undefined || isCivilDate(bound), `fixedDates: bad from/until ${String(bound)}`);
  }
  for (const [key, day] of Object.entries(calendar.days ?? {})) {
    expect(isDayKey(key), `bad day key ${key}`);
    expect(Array.isArray(day.names), `${key}: names must be an array`);
    expect(new Set(day.names).size === day.names.length, `${key}: a name twice`);
    expect(
      day.names.every((name) => typeof name === 'string' && name.trim() === name && name.length > 0),
      `${key}: empty or padded name`,
    );
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
  const allNames = [
    ...Object.values(calendar.days ?? {}).flatMap((day) => day.names),
    ...(calendar.movable ?? []).flatMap((entry) => entry.names ?? []),
  ];
  for (const name of allNames)
    expect(scriptOf(name) === expectedScript, `${name}: not in the ${expectedScript} script of ${calendar.languages?.[0]}`);
  return problems;
};
