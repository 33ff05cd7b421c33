import { gregorianYearBounds, isGregorianLeapYear, isoDateOfJdn } from '../../../../lambda/core/calendar/civil-date';
import type { CalendarDefinition } from '../../../../lambda/core/calendar/calendar';
import { materializeYear, type DatedEntry } from '../../../../lambda/core/calendar/materialize';
import { realCalendar, realCalendars, syntheticCalendar } from '../../../support/calendars';

const years = Array.from({ length: 201 }, (_, index) => 1900 + index);
const on = (entries: DatedEntry[], date: string) => entries.find((entry) => entry.date === date);
const feastsOn = (calendar: CalendarDefinition, date: string) =>
  on(materializeYear(calendar, Number(date.slice(0, 4))), date)?.feasts ?? [];
const datesOf = (entries: DatedEntry[], name: string) =>
  entries.filter((entry) => entry.names.includes(name)).map((entry) => entry.date);

describe('materializeYear over 1900 to 2100', () => {
  /** Every way a year's entries can be wrong, as readable lines: a failure names the date. */
  const yearProblems = (calendar: CalendarDefinition, year: number): string[] => {
    const entries = materializeYear(calendar, year);
    const { first, last } = gregorianYearBounds(year);
    const valid = new Set(Array.from({ length: last - first + 1 }, (_, index) => isoDateOfJdn(first + index)));
    const dates = entries.map((entry) => entry.date);
    return [
      ...entries.filter((entry) => !valid.has(entry.date)).map((entry) => `${entry.date}: not a date of ${year}`),
      ...(JSON.stringify([...dates].sort()) === JSON.stringify(dates) ? [] : [`${year}: dates out of order`]),
      ...(new Set(dates).size === dates.length ? [] : [`${year}: a date twice`]),
      ...entries
        .filter((entry) => new Set(entry.names).size !== entry.names.length)
        .map((entry) => `${entry.date}: a name twice`),
    ];
  };

  it.each(realCalendars.map((calendar) => [calendar.slug, calendar] as const))(
    '%s: every year gives sorted, unique, real dates of that year, and no name twice on a day',
    (_slug, calendar) => {
      expect(years.flatMap((year) => yearProblems(calendar, year))).toEqual([]);
    },
  );
});

describe('Czech civil calendar', () => {
  const czech = realCalendar('czech-civil');

  it('names Josef on 19 March', () => {
    expect(on(materializeYear(czech, 2026), '2026-03-19')?.names).toEqual(['Josef']);
  });

  it.each(years)('gives 29 February its own name only in leap years (%i)', (year) => {
    const entries = materializeYear(czech, year);
    expect(datesOf(entries, 'Horymír')).toEqual(isGregorianLeapYear(year) ? [`${year}-02-29`] : []);
  });

  it('places Easter Monday by the Western reckoning', () => {
    expect(on(materializeYear(czech, 2026), '2026-04-06')?.feasts).toContain('Easter Monday');
    expect(on(materializeYear(czech, 2024), '2024-04-01')?.feasts).toContain('Easter Monday');
  });
});

describe('Hungarian civil calendar', () => {
  const hungarian = realCalendar('hungarian-civil');

  it.each(years)('moves Mátyás to 25 February in leap years only (%i)', (year) => {
    const entries = materializeYear(hungarian, year);
    expect(datesOf(entries, 'Mátyás')).toContain(isGregorianLeapYear(year) ? `${year}-02-25` : `${year}-02-24`);
  });

  it('leaves the leap day, 24 February, without names and shifts 24-28 February by one day', () => {
    const common = materializeYear(hungarian, 2023);
    const leap = materializeYear(hungarian, 2024);
    expect(on(leap, '2024-02-24')).toBeUndefined();
    for (const day of [24, 25, 26, 27, 28]) {
      expect(on(leap, `2024-02-${day + 1}`)?.names).toEqual(on(common, `2023-02-${day}`)?.names);
    }
    expect(on(leap, '2024-02-23')?.names).toEqual(on(common, '2023-02-23')?.names);
    expect(on(leap, '2024-03-01')?.names).toEqual(on(common, '2023-03-01')?.names);
  });
});

describe('Julian and changing reckonings', () => {
  const christmas = { '12-25': { names: ['Христос'], feasts: ['Christmas'] } };

  it.each([
    [1900, ['1900-01-06']],
    [2026, ['2026-01-07']],
    [2100, ['2100-01-07']],
    [2101, ['2101-01-08']],
  ])('shows a Julian feast at its civil date in %i', (year, expected) => {
    const calendar = syntheticCalendar({ fixedDates: [{ reckoning: 'julian' }], days: christmas });
    const dates = materializeYear(calendar, year).map((entry) => entry.date);
    expect(dates).toEqual(expected);
  });

  it('switches reckoning on the era boundary: Christmas twice in 2023 under the Ukrainian change', () => {
    const calendar = syntheticCalendar({
      fixedDates: [
        { reckoning: 'julian', until: '2023-08-31' },
        { reckoning: 'gregorian', from: '2023-09-01' },
      ],
      days: christmas,
    });
    expect(materializeYear(calendar, 2022).map((entry) => entry.date)).toEqual(['2022-01-07']);
    expect(materializeYear(calendar, 2023).map((entry) => entry.date)).toEqual(['2023-01-07', '2023-12-25']);
    expect(materializeYear(calendar, 2024).map((entry) => entry.date)).toEqual(['2024-12-25']);
  });

  it('keeps a 29 February saint on 28 February in common years when the calendar says so', () => {
    const calendar = syntheticCalendar({
      leapDay: { rule: 'own-day', inCommonYears: '02-28' },
      days: { '02-28': { names: ['A'] }, '02-29': { names: ['Kassian'] } },
    });
    expect(on(materializeYear(calendar, 2025), '2025-02-28')?.names).toEqual(['A', 'Kassian']);
    expect(on(materializeYear(calendar, 2024), '2024-02-29')?.names).toEqual(['Kassian']);
    expect(on(materializeYear(calendar, 2024), '2024-02-28')?.names).toEqual(['A']);
  });

  it('places a weekday rule on the first such weekday on or after its date', () => {
    const calendar = syntheticCalendar({
      movable: [{ id: 'forefathers', rule: { kind: 'weekday-on-or-after', date: '12-11', weekday: 0 }, feasts: ['F'] }],
    });
    expect(materializeYear(calendar, 2026).map((entry) => entry.date)).toEqual(['2026-12-13']);
    expect(materializeYear(calendar, 2022).map((entry) => entry.date)).toEqual(['2022-12-11']);
  });
});

describe('Greek Orthodox calendar', () => {
  const greek = realCalendar('greek-orthodox');

  it.each([
    [2016, '2016-05-02'], // Easter 1 May: 23 April in Lent
    [2022, '2022-04-25'], // Easter 24 April: 23 April is Holy Saturday
    [2024, '2024-05-06'], // Easter 5 May
    [2025, '2025-04-23'], // Easter 20 April: 23 April after it
    [2026, '2026-04-23'],
    [1920, '1920-05-06'], // Julian era: 23 April Julian is 6 May civil, after Easter (11 April)
  ])('celebrates Γεώργιος in %i on %s', (year, date) => {
    expect(datesOf(materializeYear(greek, year), 'Γεώργιος')).toEqual([date]);
  });

  it.each(years)('celebrates Γεώργιος and Μάρκος exactly once in %i, Mark after George when both move', (year) => {
    const entries = materializeYear(greek, year);
    const [george] = datesOf(entries, 'Γεώργιος');
    const [mark] = datesOf(entries, 'Μάρκος');
    expect(datesOf(entries, 'Γεώργιος')).toHaveLength(1);
    expect(datesOf(entries, 'Μάρκος')).toHaveLength(1);
    expect((mark as string) > (george as string)).toBe(true);
  });

  // The name is also celebrated with Saint Kassiani on 7 September, as both open Greek datasets give it.
  it('keeps Saint John Cassian on 29 February, on 28 February in common years', () => {
    expect(datesOf(materializeYear(greek, 2024), 'Κασσιανός')).toEqual(['2024-02-29', '2024-09-07']);
    expect(datesOf(materializeYear(greek, 2026), 'Κασσιανός')).toEqual(['2026-02-28', '2026-09-07']);
  });

  it('dates Palm Sunday names by Orthodox Easter', () => {
    expect(datesOf(materializeYear(greek, 2026), 'Βάιος')).toEqual(['2026-04-05']);
    expect(datesOf(materializeYear(greek, 2024), 'Βάιος')).toEqual(['2024-04-28']);
  });
});

describe('Orthodox transfers and civil days', () => {
  it.each([
    [2019, '2019-04-29'], // Easter 28 April: 23 April is Holy Tuesday, moved to Easter Monday
    [2022, '2022-04-25'], // Easter 24 April: Holy Saturday
    [2024, '2024-04-23'], // Easter 5 May: 23 April in Lent, not moved in Romania
    [2026, '2026-04-23'],
  ])('keeps the Romanian Saint George on 23 April unless it falls in Holy Week or on Easter (%i: %s)', (year, date) => {
    expect(datesOf(materializeYear(realCalendar('romanian-orthodox'), year), 'Gheorghe')).toEqual([date]);
  });

  it.each([1950, 1968, 1969, 2026])(
    'keeps the Bulgarian Saint George on 6 May in %i, before and after the change of reckoning',
    (year) => {
      expect(datesOf(materializeYear(realCalendar('bulgarian-orthodox'), year), 'Георги')).toContain(`${year}-05-06`);
    },
  );

  it('shows a church day of the Julian era 13 days later, but a civil day on its civil date', () => {
    const calendar = syntheticCalendar({
      fixedDates: [
        { reckoning: 'julian', until: '1968-12-19' },
        { reckoning: 'gregorian', from: '1968-12-20' },
      ],
      days: { '05-06': { names: ['Civil'], civil: true }, '04-23': { names: ['Church'] } },
    });
    const dates = (year: number, name: string) => datesOf(materializeYear(calendar, year), name);
    expect(dates(1950, 'Civil')).toEqual(['1950-05-06']);
    expect(dates(1950, 'Church')).toEqual(['1950-05-06']);
    expect(dates(2026, 'Civil')).toEqual(['2026-05-06']);
    expect(dates(2026, 'Church')).toEqual(['2026-04-23']);
  });
});

describe('Rules that changed during 1900-2100', () => {
  it('applies a movable entry only between its from and until dates', () => {
    const calendar = syntheticCalendar({
      movable: [
        { id: 'pascha-old', rule: { kind: 'easter', reckoning: 'orthodox', offset: 0 }, feasts: ['Pascha'], until: '1922-12-31' },
        { id: 'pascha', rule: { kind: 'easter', reckoning: 'western', offset: 0 }, feasts: ['Pascha'], from: '1923-01-01' },
      ],
    });
    expect(materializeYear(calendar, 1922).map((entry) => entry.date)).toEqual(['1922-04-16']);
    expect(materializeYear(calendar, 1923).map((entry) => entry.date)).toEqual(['1923-04-01']);
    expect(materializeYear(calendar, 2026).map((entry) => entry.date)).toEqual(['2026-04-05']);
  });

  it('keeps a civil holiday on the civil calendar while the church day sharing its key follows the church', () => {
    const calendar = syntheticCalendar({
      fixedDates: [
        { reckoning: 'julian', until: '1968-12-19' },
        { reckoning: 'gregorian', from: '1968-12-20' },
      ],
      days: { '01-01': { names: ['Basil'], feasts: ['Saint Basil'] } },
      movable: [
        {
          id: 'new-year-julian',
          rule: { kind: 'civil-date', date: '01-01', reckoning: 'julian' },
          feasts: ["New Year's Day"],
          until: '1916-04-13',
        },
        {
          id: 'new-year',
          rule: { kind: 'civil-date', date: '01-01', reckoning: 'gregorian' },
          feasts: ["New Year's Day"],
          from: '1916-04-14',
        },
      ],
    });
    expect(feastsOn(calendar, '1910-01-14')).toEqual(["New Year's Day", 'Saint Basil']);
    expect(feastsOn(calendar, '1950-01-01')).toEqual(["New Year's Day"]);
    expect(on(materializeYear(calendar, 1950), '1950-01-14')?.names).toEqual(['Basil']);
    expect(feastsOn(calendar, '1950-01-14')).toEqual(['Saint Basil']);
    expect(feastsOn(calendar, '2026-01-01')).toEqual(["New Year's Day", 'Saint Basil']);
  });
});

describe('Civil holidays of churches that kept the Julian calendar longer than the state', () => {
  const feastsOf = (slug: string, date: string) => feastsOn(realCalendar(slug), date);

  it.each([
    ['greek-orthodox', '1910-01-14'],
    ['greek-orthodox', '1924-01-01'], // state Gregorian since 1923, church Julian until March 1924
    ['greek-orthodox', '2026-01-01'],
    ['romanian-orthodox', '1922-01-01'],
    ['cypriot-orthodox', '1910-01-01'], // British Cyprus kept the Gregorian civil calendar
  ])("%s: New Year's Day on %s", (slug, date) => {
    expect(feastsOf(slug, date)[0]).toBe("New Year's Day");
  });

  it('lists Ohi Day from its first official celebration in 1944 on', () => {
    expect(feastsOf('greek-orthodox', '1930-10-28')).not.toContain('Ohi Day (Greek national holiday)');
    expect(feastsOf('greek-orthodox', '1944-10-28')[0]).toBe('Ohi Day (Greek national holiday)');
    expect(feastsOf('greek-orthodox', '2026-10-28')[0]).toBe('Ohi Day (Greek national holiday)');
  });

  it('keeps Saint Basil with the Julian church in 1924 while New Year moved to 1 January', () => {
    expect(feastsOf('greek-orthodox', '1924-01-14')).toEqual(['Circumcision of Christ', 'Saint Basil the Great']);
  });
});
