/**
 * Turns a third-party dataset, as downloaded, into data/reference/<id>/days.json ({ "MM-DD": [names] }):
 *   tsx scripts/data-reference-import.ts abalin <namedays.json> <country code> <id>
 *   tsx scripts/data-reference-import.ts fetes <calendar.fetes> <id>
 *   tsx scripts/data-reference-import.ts romcal <romcal checkout> <locale> <calendar file,…> <id>
 * Only facts (a name on a day) are kept; the raw files and their code are never committed. The
 * manifest.json beside days.json is written by hand (scripts/data-reference.ts reads both).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { foldName } from '../lambda/core/names/name-folding';
import { REFERENCE_DIR } from './data-reference';

type Days = Record<string, string[]>;

const dayKey = (month: number, day: number) => `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const addName = (days: Days, key: string, name: string) => {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean === '') return;
  const list = (days[key] ??= []);
  if (!list.some((known) => foldName(known) === foldName(clean))) list.push(clean);
};

/**
 * A saint's label ("Sant’Agnese, vergine e martire", "San Basilio Magno y San Gregorio Nacianceno",
 * "Saints Basile le Grand et Grégoire de Naziance") → the given names it carries (Agnese; Basilio,
 * Gregorio; Basile, Grégoire): the first word of each person before the first comma. Labels that do not
 * start with a saint's or a blessed's title (feasts of the Lord, of Mary) carry no given name.
 */
const SAINT_TITLE: Record<string, RegExp> = {
  it: /^(?:Santi|Sante|Santo|Santa|Sant[’']|San|Beati|Beate|Beato|Beata)\s*/u,
  es: /^(?:Santos|Santas|Santo|Santa|San|Beatos|Beatas|Beato|Beata)\s+/u,
  fr: /^(?:Saints|Saintes|Saint|Sainte|Bienheureux|Bienheureuses|Bienheureuse)\s+/iu,
};
const AND: Record<string, RegExp> = { it: /\s+(?:e|ed)\s+/u, es: /\s+(?:y|e)\s+/u, fr: /\s+et\s+/u };
const NAME_WORD = /^\p{Lu}[\p{L}\-’']*$/u;
const COMPOUND_FIRST = new Set(['maria', 'marie', 'pier', 'gian', 'giovan']);
const COMPOUND_SECOND = new Set(['paolo', 'battista', 'maria', 'pablo', 'bautista', 'paul', 'baptiste', 'marie']);
/** Words a label puts where a given name would be: "Beata Vergine Maria", "Santi Arcangeli", "Sette Santi Fondatori". */
const NOT_A_NAME = new Set(
  [
    'Vergine',
    'Sette',
    'Primi',
    'Angeli',
    'Arcangeli',
    'Martiri',
    'Santi',
    'Innocenti',
    'Virgen',
    'Siete',
    'Primeros',
    'Ángeles',
    'Arcángeles',
    'Mártires',
    'Inocentes',
    'Vierge',
    'Sept',
    'Premiers',
    'Anges',
    'Archanges',
    'Martyrs',
    'Innocents',
    'Notre-Dame',
  ].map(foldName),
);

export const givenNamesOfLabel = (label: string, locale: string, requireTitle: boolean): string[] => {
  const title = SAINT_TITLE[locale]!;
  const text = label.replace(/\s*\(.*?\)/gu, '').trim();
  if (requireTitle && !title.test(text)) return [];
  const people = text.split(',')[0]!.split(AND[locale]!);
  return (
    people
      .map((person) => person.replace(title, '').trim())
      .map((person) => person.replace(/^(?:Sainte|Saint|Sant[’']|Santa|Santo|San)\s*/iu, ''))
      // "Maria Maddalena", "Pier Damiani", "Giovanni Paolo II": the first word alone is not the person's name.
      .map((person) => person.split(/\s+/u))
      .map((words) =>
        words.length > 1 && (COMPOUND_FIRST.has(foldName(words[0]!)) || COMPOUND_SECOND.has(foldName(words[1]!)))
          ? ''
          : (words[0] ?? ''),
      )
      .map((word) => word.replace(/[’']$/u, ''))
      .filter((word) => NAME_WORD.test(word) && !NOT_A_NAME.has(foldName(word)))
  );
};

/** nameday.abalin.net data (one object a day, a comma-separated string per country; trailing commas). */
const importAbalin = (path: string, country: string): Days => {
  const raw = readFileSync(path, 'utf8').replace(/,(\s*[}\]])/g, '$1');
  const entries = JSON.parse(raw) as Array<Record<string, string | number>>;
  const days: Days = {};
  for (const entry of entries) {
    const value = entry[country];
    if (typeof value !== 'string' || value === 'n/a') continue;
    const key = dayKey(Number(entry.month), Number(entry.day));
    days[key] ??= [];
    // The Italian column gives the saint of the day as a label ("Igino, Papa"), the others given names.
    const names = country === 'it' ? givenNamesOfLabel(value, 'it', false) : value.split(',');
    for (const name of names) addName(days, key, name);
  }
  return days;
};

/** The FreeBSD/Debian calendar(1) file "Fêtes à souhaiter": "MM/DD<TAB>sentence naming one name". */
const FETES_SENTENCES = [/^Aujourd'hui, c'est la St\(e\) (.+)\.$/u, /^N'oubliez pas les (.+) !$/u, /^Bonne fête aux (.+) !$/u];
/** "Bernadette et aux Nadine" → Bernadette, Nadine; "Guénolé (Gwénolé)" → Guénolé, Gwénolé. */
const namesOfFetesPhrase = (phrase: string): string[] =>
  phrase
    .split(/ et aux /u)
    .flatMap((part) => {
      const variants = /^(.+?)\s*\((.+)\)$/u.exec(part);
      return variants ? [variants[1]!, ...variants[2]!.split(',')] : [part];
    })
    .map((name) => name.trim());

const importFetes = (path: string): Days => {
  const days: Days = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^(\d\d)\/(\d\d)\t(.+)$/u.exec(line);
    if (!match) continue;
    const key = dayKey(Number(match[1]), Number(match[2]));
    for (const sentence of FETES_SENTENCES) {
      const named = sentence.exec(match[3]!.trim())?.[1];
      if (named) for (const name of namesOfFetesPhrase(named)) addName(days, key, name);
    }
  }
  return days;
};

interface RomcalInput {
  id: string;
  date?: { month: number; day: number };
  customLabel?: string;
  dropped: boolean;
}

/**
 * romcal's calendars are read as text: only `id: { … dateDef: { month, date } … }` entries of `inputs`
 * (a fixed date), `customLocaleId` (another label) and `drop: true` (removed from a parent calendar).
 */
const romcalInputs = (source: string): RomcalInput[] =>
  source
    .slice(source.indexOf('inputs'))
    .split(/\n {4}(?=[a-z0-9_]+: \{)/u)
    .slice(1)
    .map((block) => {
      const date = /dateDef: \{ month: (\d+), date: (\d+) \}/u.exec(block);
      return {
        id: /^([a-z0-9_]+): \{/u.exec(block)![1]!,
        date: date ? { month: Number(date[1]), day: Number(date[2]) } : undefined,
        customLabel: /customLocaleId: '([a-z0-9_]+)'/u.exec(block)?.[1],
        dropped: /drop: true/u.test(block),
      };
    });

/** romcal's General Roman Calendar, then the European, then one national calendar, in one locale. */
const importRomcal = (checkout: string, locale: string, calendarFiles: string): Days => {
  const rite = join(checkout, 'rites', 'roman1969', 'src');
  const read = (file: string) => readFileSync(join(rite, file), 'utf8');
  const localeText = read(`locales/${locale}.ts`);
  const labels = new Map<string, string>();
  for (const match of localeText
    .slice(localeText.indexOf('\n  names: {'))
    .matchAll(/\n {4}([a-z0-9_]+):\s*'((?:[^'\\]|\\.)*)'/gu)) {
    labels.set(match[1]!, match[2]!);
  }
  const dates = new Map<string, { month: number; day: number }>();
  const labelOf = new Map<string, string>();
  for (const file of [
    'general-calendar/proper-of-saints.ts',
    'particular-calendars/europe.ts',
    ...calendarFiles.split(',').map((file) => `particular-calendars/${file}.ts`),
  ]) {
    for (const input of romcalInputs(read(file))) {
      if (input.dropped) dates.delete(input.id);
      if (input.date) dates.set(input.id, input.date);
      if (input.customLabel) labelOf.set(input.id, input.customLabel);
    }
  }
  const days: Days = {};
  for (const [id, { month, day }] of dates) {
    const label = labels.get(labelOf.get(id) ?? id) ?? labels.get(id) ?? '';
    for (const name of givenNamesOfLabel(label, locale, true)) addName(days, dayKey(month, day), name);
  }
  return days;
};

const write = (id: string, days: Days) => {
  const sorted = Object.fromEntries(Object.entries(days).sort(([a], [b]) => a.localeCompare(b)));
  mkdirSync(join(REFERENCE_DIR, id), { recursive: true });
  writeFileSync(join(REFERENCE_DIR, id, 'days.json'), `${JSON.stringify(sorted, null, 2)}\n`);
  const names = new Set(Object.values(days).flat().map(foldName));
  process.stdout.write(`${id}: ${Object.keys(days).length} days, ${names.size} distinct names\n`);
};

const main = () => {
  const [kind, ...args] = process.argv.slice(2);
  if (kind === 'abalin' && args.length === 3) write(args[2]!, importAbalin(args[0]!, args[1]!));
  else if (kind === 'fetes' && args.length === 2) write(args[1]!, importFetes(args[0]!));
  else if (kind === 'romcal' && args.length === 4) write(args[3]!, importRomcal(args[0]!, args[1]!, args[2]!));
  else throw new Error('usage: see the comment at the top of scripts/data-reference-import.ts');
};

if (require.main === module) main();
