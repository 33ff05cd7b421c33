import type { CalendarDefinition } from '../lambda/core/calendar/calendar';
import { countryName } from '../lambda/core/shared/countries';
import { materializeYear } from '../lambda/core/calendar/materialize';

export interface CoverageRow {
  calendar: string;
  country: string;
  tradition: string;
  daysWithNames: number;
  distinctNames: number;
  movableEntries: number;
  leapDay: string;
}

const leapDayBehaviour = (calendar: CalendarDefinition): string => {
  if (calendar.leapDay.rule === 'shift')
    return `leap day ${calendar.leapDay.leapDay}, names of ${calendar.leapDay.leapDay}–${calendar.leapDay.through} one day later`;
  const own = calendar.days['02-29'];
  if (!own) return '29 Feb empty';
  const names = own.names.length > 0 ? own.names.join(', ') : 'no names';
  return calendar.leapDay.inCommonYears ? `29 Feb ${names}; 28 Feb in common years` : `29 Feb ${names}`;
};

/** One row per calendar, with the figures of `year`. */
export const coverageRows = (definitions: readonly CalendarDefinition[], year: number): CoverageRow[] =>
  [...definitions]
    .sort((a, b) => a.country.localeCompare(b.country) || a.slug.localeCompare(b.slug))
    .map((calendar) => {
      const entries = materializeYear(calendar, year);
      return {
        calendar: calendar.slug,
        country: `${calendar.country} ${countryName(calendar.country)}`,
        tradition: calendar.tradition ?? 'civil',
        daysWithNames: entries.filter((entry) => entry.names.length > 0).length,
        distinctNames: new Set([
          ...Object.values(calendar.days).flatMap((day) => day.names),
          ...calendar.movable.flatMap((entry) => entry.names ?? []),
        ]).size,
        movableEntries: calendar.movable.length,
        leapDay: leapDayBehaviour(calendar),
      };
    });

export const coverageMarkdown = (rows: readonly CoverageRow[], year: number): string =>
  [
    `| Calendar | Country | Tradition | Days with names in ${year} | Distinct names | Movable entries | 29 February |`,
    '| --- | --- | --- | ---: | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| \`${row.calendar}\` | ${row.country} | ${row.tradition} | ${row.daysWithNames} | ${row.distinctNames} | ${row.movableEntries} | ${row.leapDay} |`,
    ),
  ].join('\n');
