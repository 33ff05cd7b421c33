import { daysWithNames, namesOn, realCalendar as calendar, realNameGroups } from '../support/calendars';

describe("Finland's almanac lists (editions out of catalogue protection, data/SOURCES.md)", () => {
  it.each([
    ['finnish-civil', 'Juhani'],
    ['finnish-swedish', 'Johannes'],
    ['finnish-sami', 'Juhán'],
  ])('%s names %s on Midsummer, 24 June', (slug, name) => {
    expect(namesOn(slug, '2026-06-24')).toContain(name);
  });

  // The almanac gives these days no name in any of its lists; every other day has one. Svenska dagen, 6 November,
  // is Gustav Adolf's day in the Finland-Swedish list only.
  it.each([
    ['finnish-civil', []],
    ['finnish-swedish', ['Gustav Adolf']],
    ['finnish-sami', []],
  ])('%s names people on every day but New Year, Christmas and 29 February; on Svenska dagen: %j', (slug, svenskaDagen) => {
    expect(daysWithNames(slug, 2028)).toBe(366 - 4 + svenskaDagen.length);
    for (const date of ['2028-01-01', '2028-02-29', '2028-12-25']) expect(namesOn(slug, date)).toEqual([]);
    expect(namesOn(slug, '2028-11-06')).toEqual(svenskaDagen);
  });

  // The Almanac Office counts 565 or 566 names in the Sami list; the public copy has 563 (data/SOURCES.md).
  it('keeps the 563 Sami names of the public copy, each on one day', () => {
    const names = Object.values(calendar('finnish-sami').days).flatMap((day) => day.names);
    expect(names).toHaveLength(563);
    expect(new Set(names).size).toBe(563);
  });

  it('puts the main Finland-Swedish name first, in the order of the 1995 almanac', () => {
    expect(namesOn('finnish-swedish', '2026-07-20')).toEqual(['Margareta', 'Margit', 'Greta', 'Gretel']);
  });

  it.each([
    ['Risten', 'Christina'],
    ['Ovllá', 'Olaf'],
    ['Niillas', 'Nicholas'],
    ['Biera', 'Peter'],
    ['Vilbmá', 'Wilma'],
    ['Göran', 'George'],
    ['Volter', 'Walter'],
  ])('gives %s the English form of its group, %s', (name, english) => {
    expect(realNameGroups.groupOf(name)?.en).toBe(english);
  });
});
