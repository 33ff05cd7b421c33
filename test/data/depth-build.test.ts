import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CalendarDefinition } from '../../lambda/core/calendar/calendar';
import { foldName } from '../../lambda/core/names/name-folding';
import { NameGroups } from '../../lambda/core/names/name-groups';
import { agreedAdditions, datasetsRead, PLANS } from '../../scripts/data-depth';
import { PUBLISHER_PLANS, publisherAdditions, readingStem } from '../../scripts/data-depth-publisher';
import { isFeastLabel } from '../../scripts/data-feast-labels';
import { givenNames } from '../../scripts/data-depth-import';
import { nameFormProblem } from '../../scripts/name-form-problems';

const DATA = join(__dirname, '..', '..', 'data');
const REFERENCE = join(DATA, 'reference');
const datasets = readdirSync(REFERENCE).filter((entry) => existsSync(join(REFERENCE, entry, 'manifest.json')));
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const calendar = (slug: string) => readJson<CalendarDefinition>(join(DATA, 'calendars', `${slug}.json`));
const planFor = (slug: string) => {
  const plan = PLANS.find((item) => item.calendar === slug);
  if (!plan) throw new Error(`no plan for ${slug}`);
  return plan;
};
const groups = new NameGroups(readJson<{ groups: [] }>(join(DATA, 'names', 'groups.json')).groups);

describe('reference datasets (data/reference/)', () => {
  it.each(datasets)('%s has a complete manifest, its licence, and day keys of the calendar', (id) => {
    const manifest = readJson<Record<string, unknown>>(join(REFERENCE, id, 'manifest.json'));
    expect(manifest.id).toBe(id);
    for (const field of ['title', 'url', 'licence', 'origin', 'retrieved']) expect(typeof manifest[field]).toBe('string');
    expect(manifest.calendars).toEqual(expect.arrayContaining([expect.any(String)]));
    for (const slug of manifest.calendars as string[]) expect(existsSync(join(DATA, 'calendars', `${slug}.json`))).toBe(true);
    if (String(manifest.licence).startsWith('MIT')) expect(existsSync(join(REFERENCE, id, 'LICENSE'))).toBe(true);
    const days = readJson<Record<string, string[]>>(join(REFERENCE, id, 'days.json'));
    for (const key of Object.keys(days)) expect(key).toMatch(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
  });

  // The lists the depth build reads hold given names, feast words left out on import.
  const imported = [...new Set(PLANS.flatMap(datasetsRead))];
  it.each(imported)('%s, read by the depth build, lists given names only', (id) => {
    const days = readJson<Record<string, string[]>>(join(REFERENCE, id, 'days.json'));
    expect(Object.keys(days).length).toBeGreaterThan(150);
    for (const names of Object.values(days)) for (const name of names) expect(isFeastLabel(name)).toBe(false);
  });

  // A list that gives names gives them spelled as names, no two words run together ("MarcellinoVescovo");
  // a feast word in it ("Innocents") is the build's to skip.
  const giving = [
    ...new Set([...PLANS.flatMap((plan) => [...plan.own, ...plan.sameLanguage].map((source) => source.dataset)), ...PUBLISHER_PLANS.map((plan) => plan.publisher)]),
  ];
  it.each(giving)('%s, which gives names, spells each as a name', (id) => {
    const days = readJson<Record<string, string[]>>(join(REFERENCE, id, 'days.json'));
    expect(Object.entries(days).flatMap(([key, names]) => names.filter((name) => nameFormProblem(name)?.endsWith('is not spelled as a name')).map((name) => `${key} ${name}`))).toEqual([]);
  });

  // The build step leaves nothing agreed untaken: a calendar edit that drops an agreed name, or a dataset
  // revision not yet merged in, shows here (run `npx tsx scripts/data-depth.ts --write`).
  it.each(PLANS.map((plan) => [plan.calendar, plan] as const))('%s already has every name its lists agree on', (_slug, plan) => {
    expect(Object.fromEntries(agreedAdditions(plan, calendar(plan.calendar), groups))).toEqual({});
  });

  it('gives Basilius back to 2 January in Austria, where the liturgical calendar keeps Saint Basil', () => {
    const austrian = planFor('austrian-catholic');
    const bare = calendar('austrian-catholic');
    for (const day of Object.values(bare.days)) day.names = day.names.filter((name) => name !== 'Basilius');
    expect(agreedAdditions(austrian, bare, groups).get('01-02')).toContain('Basilius');
  });

  it('takes no name from a copy of the Wikipedia lists alone: a name the open lists give that day, or a saint the Martyrology dates', () => {
    const plan = planFor('polish-catholic');
    const bare = calendar('polish-catholic');
    for (const day of Object.values(bare.days)) day.names = [];
    const read = (source: { dataset: string }) => readJson<Record<string, string[]>>(join(REFERENCE, source.dataset, 'days.json'));
    const ownLists = plan.own.map(read);
    const daters = (plan.byGroup ?? []).map(read);
    const ownForms = new Set(ownLists.flatMap((list) => Object.values(list).flat()).map(foldName));
    const meaning = (name: string) => groups.groupOf(name)?.en ?? foldName(name);
    const added = [...agreedAdditions(plan, bare, groups)].flatMap(([key, names]) => names.map((name) => [key, name] as const));
    // With every name gone the build takes back hundreds, each one given by a popular-calendar list that day.
    expect(added.length).toBeGreaterThan(500);
    expect(added).toContainEqual(['01-02', 'Bazyli']);
    const fromOwnLists = ([key, name]: readonly [string, string]) => ownLists.some((list) => list[key]?.includes(name));
    const datedByGroup = ([key, name]: readonly [string, string]) =>
      ownForms.has(foldName(name)) && daters.some((list) => (list[key] ?? []).some((other) => meaning(other) === meaning(name)));
    expect(added.filter((pair) => !fromOwnLists(pair) && !datedByGroup(pair))).toEqual([]);
    // 4 January: the Polish Martyrology's "Gregoriusza" (Gregory of Langres) is Grzegorz, as the copies write it.
    expect(added).toContainEqual(['01-04', 'Grzegorz']);
    // A name no open list writes on any day stays out, whatever day the copies give it (Strzeżysław, 2 January).
    expect(added.filter(([, name]) => !ownForms.has(foldName(name)))).toEqual([]);
    expect(readJson<Record<string, string[]>>(join(REFERENCE, 'abalin-pl', 'days.json'))['01-02']).toContain('Strzeżysław');
  });

  it('spells a name as the lists of its own calendar do, never as another language does', () => {
    const bare = calendar('german-catholic');
    for (const day of Object.values(bare.days)) day.names = day.names.filter((name) => name !== 'Simeon');
    // 1 June: the German list's Simeon, confirmed by the Spanish Martyrology's Simeón.
    expect(agreedAdditions(planFor('german-catholic'), bare, groups).get('06-01')).toEqual(['Simeon']);
  });

  it('leaves a day the tradition gives to a feast without names', () => {
    const austrian = calendar('austrian-catholic');
    const gapDays = Object.entries(austrian.days).filter(([, day]) => day.gap);
    expect(gapDays.length).toBeGreaterThan(0);
    const additions = agreedAdditions(planFor('austrian-catholic'), austrian, groups);
    for (const [key] of gapDays) expect(additions.get(key)).toBeUndefined();
    // The same days would take names if they were not gaps: the rule, not the lists, keeps them empty.
    for (const [, day] of gapDays) delete day.gap;
    expect(gapDays.some(([key]) => (agreedAdditions(planFor('austrian-catholic'), austrian, groups).get(key) ?? []).length > 0)).toBe(true);
  });
});

// Each calendar names what it draws on: every dataset its depth or publisher build reads is in its sources.
describe.each([...PLANS, ...PUBLISHER_PLANS].map((plan) => plan.calendar).filter((slug, index, all) => all.indexOf(slug) === index))(
  '%s sources',
  (slug) => {
    it('name every dataset its builds read', () => {
      const plans = [...PLANS.filter((plan) => plan.calendar === slug), ...PUBLISHER_PLANS.filter((plan) => plan.calendar === slug)];
      const read = plans.flatMap((plan) =>
        'own' in plan
          ? datasetsRead(plan)
          : [plan.publisher, ...plan.checks],
      );
      const titles = (calendar(slug).sources ?? []).map((source) => source.title).join('\n');
      const named = (id: string) => new RegExp(`(^|[^a-z0-9-])${id}($|[^a-z0-9-])`).test(titles);
      expect([...new Set(read)].filter((id) => !named(id))).toEqual([]);
    });
  },
);

// The depth build adds names in bulk: none of them may be a feast word or a list's abbreviation ("Hl.", "(e)").
describe.each(PLANS.map((plan) => plan.calendar))('%s names', (slug) => {
  it('are names: a capital first, no digits, brackets or stops, no feast label', () => {
    const names = Object.values(calendar(slug).days).flatMap((day) => day.names);
    expect(names.filter((name) => !/^[\p{Lu}\p{Lt}]/u.test(name) || /[\d()[\].,;:!?]/u.test(name))).toEqual([]);
    expect(names.filter(isFeastLabel)).toEqual([]);
  });
});

describe('given names read from a list entry', () => {
  it.each([
    ['Raimund v. P.', ['Raimund']],
    ['Gregor d. Gr.', ['Gregor']],
    ['Antun Padovanski', ['Antun']],
    ['Ciril i Metod', ['Ciril', 'Metod']],
    ['Andrea(s]', ['Andrea', 'Andreas']],
    ['K(C)lemens', ['Klemens', 'Clemens']],
    ['Jan Nepomucen', ['Jan Nepomucen']],
    ['Heilige 3 Könige', []],
    ['Neujahr', []],
    ['CVIJETNICA', []],
  ])('%s → %j', (entry, expected) => {
    expect(givenNames(entry)).toEqual(expected);
  });
});

// The one-source rule: the publisher's list dates the names the calendar dates nowhere, and no other.
describe.each(PUBLISHER_PLANS.map((plan) => [plan.calendar, plan] as const))('%s, from its publisher', (slug, plan) => {
  it('already has every name its publisher gives that the calendar dated nowhere', () => {
    expect(Object.fromEntries(publisherAdditions(plan, calendar(slug), groups))).toEqual({});
  });

  it('gives no day to a name the calendar already dates, and keeps feast days without names', () => {
    const bare = calendar(slug);
    const dated = new Set(Object.values(bare.days).flatMap((day) => day.names));
    const feastDays = Object.entries(bare.days).filter(([, day]) => day.names.length === 0).map(([key]) => key);
    // Take the publisher's names back off every day but keep one day of each, so that each stays dated.
    const firstDayOf = new Map<string, string>();
    for (const [key, day] of Object.entries(bare.days).sort()) for (const name of day.names) if (!firstDayOf.has(name)) firstDayOf.set(name, key);
    for (const [key, day] of Object.entries(bare.days)) day.names = day.names.filter((name) => firstDayOf.get(name) === key);
    expect(Object.fromEntries(publisherAdditions(plan, bare, groups))).toEqual({});
    expect(dated.size).toBeGreaterThan(400);
    // With every named day gone the publisher names days again, but never a feast day kept without names.
    const feastOnly = calendar(slug);
    for (const [key, day] of Object.entries(feastOnly.days)) if (day.names.length > 0) delete feastOnly.days[key];
    const additions = publisherAdditions(plan, feastOnly, groups);
    expect(additions.size).toBeGreaterThan(100);
    expect(feastDays.length).toBeGreaterThan(0);
    expect(feastDays.filter((key) => additions.has(key))).toEqual([]);
  });
});

describe('the Martyrology as the Italian and Spanish calendars read it', () => {
  const italian = PUBLISHER_PLANS.find((plan) => plan.calendar === 'italian-catholic');
  it('gives a saint the calendar lacked his day, where the other translation reads the same name', () => {
    if (!italian) throw new Error('no Italian plan');
    const bare = calendar('italian-catholic');
    for (const day of Object.values(bare.days)) day.names = day.names.filter((name) => name !== 'Canuto');
    // 7 January: Saint Canute Lavard, "Canuto" in both translations.
    expect(publisherAdditions(italian, bare, groups).get('01-07')).toEqual(['Canuto']);
  });

  it('takes nothing the other translation does not read there', () => {
    if (!italian) throw new Error('no Italian plan');
    const bare = calendar('italian-catholic');
    for (const day of Object.values(bare.days)) day.names = day.names.filter((name) => name !== 'Canuto');
    expect(publisherAdditions({ ...italian, checks: ['romcal-it'] }, bare, groups).get('01-07')).toBeUndefined();
  });

  it.each([
    ['Quionia', 'Chionia'],
    ['Paciente', 'Paziente'],
    ['Estratónico', 'Stratonico'],
    ['Amonio', 'Ammonio'],
    ['Hílaro', 'Ilaro'],
    ['Cuartila', 'Quartilla'],
    ['Proyecto', 'Proietto'],
    ['Walburga', 'Valburga'],
  ])('reads %s and %s as one name in two translations', (spanish, italianForm) => {
    expect(readingStem(spanish)).toBe(readingStem(italianForm));
  });

  it.each([
    ['Marcia', 'Marco'],
    ['Ciro', 'Quirino'],
    ['Egipcios', 'Egiziani'],
  ])('does not read %s and %s alike', (spanish, italianForm) => {
    expect(readingStem(spanish)).not.toBe(readingStem(italianForm));
  });
});
