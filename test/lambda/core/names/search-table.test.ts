import { DynamoDbNameIndexRepository } from '../../../../lambda/adapters/dynamodb/dynamodb-name-index-repository';
import { DynamoDbNamedayRepository } from '../../../../lambda/adapters/dynamodb/dynamodb-nameday-repository';
import { CalendarCatalog } from '../../../../lambda/core/calendar/catalog';
import { searchNames, type SearchResult } from '../../../../lambda/core/names/search-names';
import { parseSearchQuery } from '../../../../lambda/core/names/search-query';
import { connectSeededStore, type SharedStore } from '../../../support/seeded-store';

let store: SharedStore;
let catalog: CalendarCatalog;
let requests = 0;
let index: DynamoDbNameIndexRepository;

beforeAll(async () => {
  store = connectSeededStore();
  catalog = new CalendarCatalog(
    await new DynamoDbNamedayRepository(store.client, store.tables.namedays, store.dataVersion).loadCatalog(),
  );
  index = new DynamoDbNameIndexRepository(store.client, store.tables.nameIndex, store.dataVersion, () => (requests += 1));
});
afterAll(() => store.close());

const search = async (q: string, year = 2026) => {
  requests = 0;
  const outcome = await searchNames(parseSearchQuery({ q: [q] }, new Date(Date.UTC(year, 5, 15))), catalog, index);
  return { ...outcome, requests };
};
const namesOf = (results: SearchResult[]) => new Set(results.map((result) => result.name));

describe('search across scripts, spellings and languages (against the real index)', () => {
  it.each([
    // Case and diacritics fold away.
    ['jiri', ['Jiří']],
    ['JIRI', ['Jiří']],
    ['Jiří', ['Jiří']],
    ['  jiri  ', ['Jiří']],
    ['jozsef', ['József']],
    ['JÓZSEF', ['József']],
    ['mikolaj', ['Mikołaj']],
    ['lukasz', ['Łukasz']],
    ['stepan', ['Štěpán']],
    ['lubos', ['Ľuboš']],
    ['francois', ['François']],
    ['janis', ['Jānis']],
    ['bjorn', ['Björn']],
    ['orjan', ['Örjan']],
    ['zofia', ['Zofia']],
    ['erzsebet', ['Erzsébet']],
    // Greek: accents, final sigma, capitals, and ELOT 743 transliteration.
    ['Γεώργιος', ['Γεώργιος']],
    ['γεωργιος', ['Γεώργιος']],
    ['ΓΕΩΡΓΙΟΣ', ['Γεώργιος']],
    ['γιωργος', ['Γιώργος']],
    ['georgios', ['Γεώργιος']],
    ['ioannis', ['Ιωάννης']],
    ['eleni', ['Ελένη']],
    ['dimitrios', ['Δημήτριος']],
    ['vasileios', ['Βασίλειος']],
    // Cyrillic: folded, and found from Latin through each country's system.
    ['ivan', ['Иван', 'Іван']],
    ['иван', ['Иван']],
    ['ИВАН', ['Иван']],
    ['tatiana', ['Татьяна']],
    ['татьяна', ['Татьяна']],
    ['tsvetan', ['Цветан']],
    ['цветан', ['Цветан']],
    ['yurii', ['Юрій']],
    ['olena', ['Олена']],
    ['nikolai', ['Николай']],
    // Partial: the start of any word of any form.
    ['jaro', ['Jaroslav', 'Jaroslava']],
    ['jarosl', ['Jarosław']],
    ['geo', ['Γεώργιος']],
    ['γεω', ['Γεώργιος']],
    ['mich', ['Michal', 'Michael']],
    ['kat', ['Kateřina']],
    // Related forms: the same name in other languages.
    ['john', ['Jan', 'Ján', 'János', 'Johann', 'Juan', 'Giovanni', 'Jean', 'Jānis', 'Ion', 'Ιωάννης', 'Иван', 'Іван']],
    ['maria', ['Maria', 'Marie', 'Mária', 'Μαρία', 'Мария']],
    ['mary', ['Maria', 'Marie']],
    ['george', ['Jiří', 'György', 'Georg', 'Giorgio', 'Γεώργιος', 'Юрій']],
    ['joseph', ['Josef', 'József', 'Józef', 'Giuseppe', 'José', 'Jozef']],
    ['nicholas', ['Mikuláš', 'Miklós', 'Mikołaj', 'Νικόλαος', 'Николай']],
    ['peter', ['Petr', 'Péter', 'Piotr', 'Pietro', 'Πέτρος']],
    ['catherine', ['Kateřina', 'Katalin', 'Katarzyna', 'Αικατερίνη']],
    ['stephen', ['Štěpán', 'István', 'Stefan', 'Στέφανος']],
    ['helen', ['Helena', 'Ilona', 'Ελένη']],
    ['Ιωάννης', ['Jan', 'Иван']],
  ])('%j finds %j', async (q, expected) => {
    const { results, requests: made } = await search(q);
    const found = namesOf(results);
    for (const name of expected) expect(found).toContain(name);
    expect(made).toBe(1);
  });

  it.each([
    ['xqzw'],
    ['zzzzzz'],
    ['.*'],
    ['%'],
    ['%%'],
    ['😀😀'],
    ['\u200f\u200f'],
    ['\u200fjiri'.slice(0, 1)],
    ["' OR 1=1 --"],
    ['<script>'],
    ['a'],
    [''],
    ['   '],
    ['x'.repeat(101)],
    ['j'.repeat(5000)],
    ['\u0000\u0000'],
  ])('%j finds nothing and is not an error', async (q) => {
    const { results, truncated } = await search(q);
    expect(results).toEqual([]);
    expect(truncated).toBe(false);
  });

  it('finds a name behind a right-to-left mark', async () => {
    expect(namesOf((await search('\u200fjiri')).results)).toContain('Jiří');
  });

  it('sorts by date, then country, then name (in code-point order)', async () => {
    const { results } = await search('mar');
    const keys = results.map((result) => [result.date, result.countryCode, result.name]);
    const sorted = [...keys].sort((a, b) => (a.join('\u0000') < b.join('\u0000') ? -1 : 1));
    expect(keys).toEqual(sorted);
  });

  it('cuts a broad query at 500 results and says so, still with one request', async () => {
    const outcome = await search('ma');
    expect(outcome.results).toHaveLength(500);
    expect(outcome.truncated).toBe(true);
    expect(outcome.requests).toBe(1);
  });

  it('dates results in the requested year: Γεώργιος on Easter Monday 2024, 23 April 2026', async () => {
    const dates = async (year: number) =>
      (await search('Γεώργιος', year)).results
        .filter((result) => result.countryCode === 'GR' && result.name === 'Γεώργιος')
        .map((result) => result.date);
    expect(await dates(2024)).toEqual(['2024-05-06']);
    expect(await dates(2026)).toEqual(['2026-04-23']);
  });

  it('gives nameEn: the transliteration for Greek and Cyrillic, the English form for Latin names', async () => {
    const georgios = (await search('Γεώργιος')).results.find((result) => result.name === 'Γεώργιος');
    expect(georgios?.nameEn).toBe('Georgios');
    const jan = (await search('jan')).results.find((result) => result.name === 'Jan' && result.countryCode === 'CZ');
    expect(jan?.nameEn).toBe('John');
  });
});
