import type { CalendarDefinition } from '../lambda/core/calendar/calendar';
import { shapeOf } from '../lambda/core/calendar/calendar';
import { schemaProblems } from '../lambda/core/calendar/calendar-schema';
import { isoDateOfJdn } from '../lambda/core/calendar/civil-date';
import { easterJdn } from '../lambda/core/calendar/easter';
import { materializeYear } from '../lambda/core/calendar/materialize';
import { planYear } from '../lambda/core/calendar/year-plan';
import { FIRST_YEAR, LAST_YEAR } from '../lambda/core/shared/query-params';
import { nameProblems } from './data-name-checks';
import { gaussOrthodoxEaster, gaussWesternEaster } from './independent-easter';

/** Materializes every year: dates valid and unique, no name twice on a day once movable entries join. */
export const yearProblems = (calendar: CalendarDefinition): string[] => {
  const problems: string[] = [];
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year += 1) {
    const entries = materializeYear(calendar, year);
    const dates = entries.map((entry) => entry.date);
    if (new Set(dates).size !== dates.length) problems.push(`${year}: a date twice`);
    if (dates.some((date) => !date.startsWith(`${year}-`))) problems.push(`${year}: a date outside the year`);
    for (const entry of entries) {
      if (new Set(entry.names).size !== entry.names.length)
        problems.push(`${entry.date}: a name twice once movable entries join`);
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
      if (JSON.stringify(planned) !== JSON.stringify(inYear))
        problems.push(`${entry.id} ${year}: planned ${planned.join(',') || 'nothing'}, Gauss says ${expected}`);
      if (isoDateOfJdn(easterJdn(entry.rule.reckoning, year)) !== gauss) problems.push(`${year}: Easter computations disagree`);
    }
  }
  return problems;
};

/** Everything above for one file: the schema first, the names, years and Easter only once the schema holds. */
export const calendarProblems = (calendar: CalendarDefinition, fileName: string): string[] => {
  const schema = schemaProblems(calendar, fileName);
  return schema.length > 0 ? schema : [...nameProblems(calendar), ...yearProblems(calendar), ...easterProblems(calendar)];
};
