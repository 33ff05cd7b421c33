import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { daysWithNames, namesOn, realCalendar } from '../support/calendars';

const extendedList = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'data', 'reference', 'lv-vvc-extended', 'days.json'), 'utf8'),
) as Record<string, string[]>;

describe('the Latvian extended calendar (the State Language Centre extended list)', () => {
  it('gives every name of the extended list its day', () => {
    const calendar = realCalendar('latvian-extended');
    for (const [key, names] of Object.entries(extendedList)) {
      expect(new Set(calendar.days[key]?.names ?? [])).toEqual(new Set(names));
    }
    expect(new Set(Object.values(calendar.days).flatMap((day) => day.names)).size).toBeGreaterThanOrEqual(5600);
  });

  it('names someone on every day of the year, the traditional names first', () => {
    expect(daysWithNames('latvian-extended', 2026)).toBe(365);
    const traditional = namesOn('latvian-civil', '2026-07-23');
    expect(namesOn('latvian-extended', '2026-07-23').slice(0, traditional.length)).toEqual(traditional);
    expect(namesOn('latvian-extended', '2026-07-23')).toEqual(expect.arrayContaining(['Radomirs', 'Madelaina']));
  });

  it('keeps the day of unusual names a feast of 22 May, not a name', () => {
    const calendar = realCalendar('latvian-extended');
    expect(calendar.days['05-22']?.feasts).toEqual(['Day of all unusual names and names not in the calendar']);
    expect(namesOn('latvian-extended', '2026-05-22').every((name) => !name.includes(' '))).toBe(true);
  });
});
