import { loadServiceData } from '../../lambda/adapters/data-files/service-data';
import { foldName } from '../../lambda/core/names/name-folding';
import { NameGroups } from '../../lambda/core/names/name-groups';
import { buildNameIndex, fixedRef } from '../../lambda/core/names/name-index';

const { definitions, groups } = loadServiceData();
const index = buildNameIndex(definitions, new NameGroups(groups));

/** The calendar names a search for `query` finds on one fixed day of one calendar. */
const namesFoundOn = (query: string, slug: string, day: string): string[] =>
  (index.get(foldName(query)) ?? []).filter((occurrence) => occurrence.slug === slug && occurrence.ref === fixedRef(day)).map((occurrence) => occurrence.name);

describe('short, pet and sister forms people carry in Italy, Spain and France', () => {
  it.each([
    ['Pepe', 'spanish-catholic', '03-19', 'José'],
    ['Nacho', 'spanish-catholic', '07-31', 'Ignacio'],
    ['Lola', 'spanish-catholic', '09-15', 'Dolores'],
    ['Pili', 'spanish-catholic', '10-12', 'Pilar'],
    ['Concha', 'spanish-catholic', '12-08', 'Concepción'],
    ['Assunta', 'spanish-catholic', '08-15', 'Asunción'],
    ['Gianni', 'italian-catholic', '06-24', 'Giovanni'],
    ['Inmaculada', 'italian-catholic', '12-08', 'Immacolata'],
    ['Margot', 'french-catholic', '11-16', 'Marguerite'],
    ['Manon', 'french-catholic', '08-15', 'Marie'],
    ['Lise', 'french-catholic', '11-17', 'Élisabeth'],
  ])('a search for %s finds the %s day %s of %s', (query, slug, day, name) => {
    expect(namesFoundOn(query, slug, day)).toContain(name);
  });
});

describe('short forms and spellings people carry in the German-speaking countries and Croatia', () => {
  it.each([
    ['Lena', 'german-catholic', '08-18', 'Helena'],
    ['Leni', 'austrian-catholic', '08-18', 'Helena'],
    ['Mia', 'german-catholic', '08-15', 'Maria'],
    ['Heinz', 'german-catholic', '07-13', 'Heinrich'],
    ['Dieter', 'german-catholic', '07-01', 'Dietrich'],
    ['Margarethe', 'austrian-catholic', '07-20', 'Margareta'],
    ['Niels', 'german-catholic', '12-06', 'Nikolaus'],
    ['Roko', 'croatian-catholic', '08-16', 'Rok'],
  ])('a search for %s finds the %s day %s of %s', (query, slug, day, name) => {
    expect(namesFoundOn(query, slug, day)).toContain(name);
  });
});

describe('pet forms people carry in Poland, Czechia, Slovakia, Hungary, Croatia, Russia and Ukraine', () => {
  it.each([
    ['Kasia', 'polish-catholic', '11-25', 'Katarzyna'],
    ['Kuba', 'polish-catholic', '07-25', 'Jakub'],
    ['Ola', 'polish-catholic', '05-18', 'Aleksandra'],
    ['Honza', 'czech-civil', '06-24', 'Jan'],
    ['Jirka', 'czech-civil', '04-24', 'Jiří'],
    ['Pisti', 'hungarian-civil', '08-20', 'István'],
    ['Маша', 'russian-orthodox', '07-22', 'Мария'],
    ['Ante', 'croatian-catholic', '06-13', 'Ante'],
    ['Sepp', 'german-catholic', '03-19', 'Josef'],
  ])('a search for %s finds the %s day %s of %s', (query, slug, day, name) => {
    expect(namesFoundOn(query, slug, day)).toContain(name);
  });

  it("answers a Croatian Ante with Anthony's English form, a Sami Ánte with Andrew's", () => {
    const occurrences = index.get('ante') ?? [];
    expect(occurrences.find((occurrence) => occurrence.slug === 'croatian-catholic' && occurrence.name === 'Ante')?.nameEn).toBe('Anthony');
    expect(occurrences.find((occurrence) => occurrence.slug === 'finnish-sami' && occurrence.name === 'Ánte')?.nameEn).toBe('Andrew');
  });
});
