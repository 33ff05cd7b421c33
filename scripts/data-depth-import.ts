/**
 * `npx tsx scripts/data-depth-import.ts <format> <raw file> <dataset id> [column]`: turns a public
 * dataset's raw file (kept outside the repository) into data/reference/<id>/days.json, the shape every
 * reference dataset shares ({ "MM-DD": [names] }). Only the given names are kept, as the dataset spells
 * them: a saint's epithet or abbreviation ("Raimund v. P.", "Gregor d. Gr.") is cut back to the name,
 * and entries that are feasts rather than names (digits, capitals, brackets) are left out, so that
 * comparisons measure names and not labels. The manifest beside it is written by hand.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { foldName } from '../lambda/core/names/name-folding';
import type { NameGroup } from '../lambda/core/names/name-groups';
import { NameGroups } from '../lambda/core/names/name-groups';
import { isFeastLabel } from './data-feast-labels';

const nameGroups = () =>
  new NameGroups(
    (JSON.parse(readFileSync(join(__dirname, '..', 'data', 'names', 'groups.json'), 'utf8')) as { groups: NameGroup[] }).groups,
  );

type Days = Record<string, string[]>;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const dayKey = (month: number, day: number) => `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * Words that end a name in a saint's label: particles, ordinals, abbreviated epithets, and the
 * adjectives of place or rank of Slavic labels ("Antun Padovanski", "Albert Veliki").
 */
const EPITHET =
  /^(v|d|u|von|van|der|de|la|da|del|und|i|y|e|et|ap|b|kr|m|p|sv|bl)\.?$|\.$|^[IVX]+\.?$|^\p{Lu}\p{Ll}+(ski|ska|ški|ška|čki|čka|cki|cka)$|^(Veliki|Velika|Mlađi|Stariji)$/iu;

/** "Andrea(s]" → Andrea, Andreas; "K(C)lemens" → Klemens, Clemens; other names unchanged. */
const expandAlternatives = (entry: string): string[] => {
  const match = /^(\p{L}*) ?[([](\p{L}+)[)\]](\p{L}*)$/u.exec(entry);
  if (!match) return [entry];
  const [, stem = '', inner = '', rest = ''] = match;
  return rest ? [stem + rest, inner + rest] : [stem, stem + inner];
};

/**
 * Words of German feast labels ("Mariä Lichtmess", "Pauli Bekehrung", "Maria Schnee", "Mariä Namen") that
 * the raw lists split off as words of their own: some are names elsewhere (Pauli, Petri), here they are labels.
 */
const GERMAN_FEAST_WORDS = new Set(['Mariä', 'Pauli', 'Petri', 'Christi', 'Jesu', 'Schnee', 'Namen', 'Herz']);

const nameShaped = (name: string) =>
  name.split(' ').every((word) => /^\p{Lu}[\p{Ll}'’-]*\p{Ll}$/u.test(word) && !/^\p{Lu}+$/u.test(word));

/** The given names in one entry of a list: pairs split, epithets cut, labels dropped. */
export const givenNames = (entry: string): string[] =>
  entry
    .split(/\s+(?:i|und|u\.|and|et|e|y)\s+/u)
    .flatMap((part) => {
      const words = part.trim().split(/\s+/u);
      const end = words.findIndex((word, index) => index > 0 && EPITHET.test(word));
      return expandAlternatives(words.slice(0, end === -1 ? words.length : end).join(' '));
    })
    .map((name) => name.trim())
    .filter((name) => name.length > 1 && nameShaped(name) && !isFeastLabel(name) && !GERMAN_FEAST_WORDS.has(name));

const addName = (days: Days, key: string, entry: string) => {
  const names = (days[key] ??= []);
  for (const name of givenNames(entry)) if (!names.includes(name)) names.push(name);
};

/** xnekv03/nameday-api json/namedays.json: one object a day, a comma-separated string per country. */
const fromNamedayApi = (text: string, column: string): Days => {
  const rows = JSON.parse(text.replace(/,(\s*[}\]])/g, '$1')) as Array<Record<string, string | number>>;
  const days: Days = {};
  for (const row of rows) {
    const key = dayKey(Number(row.month), Number(row.day));
    days[key] ??= [];
    const value = String(row[column] ?? 'n/a');
    if (value !== 'n/a') for (const entry of value.split(',')) addName(days, key, entry.trim());
  }
  return days;
};

/** filiptammergard/namedays src/namedays/XX.ts: one { name, month, day } object per name. */
const fromNamedaysPackage = (text: string): Days => {
  const days: Days = {};
  for (const [, name = '', month, day] of text.matchAll(/name: "([^"]+)",\s*month: (\d+),\s*day: (\d+)/g))
    addName(days, dayKey(Number(month), Number(day)), name);
  return days;
};

/** Adman/pynameday, a Python tuple per month of one string (or None) per day, 29 February included. */
const fromPynameday = (text: string): Days => {
  const body = text.slice(text.indexOf('NAMEDAYS'));
  const values = [...body.matchAll(/'([^']*)'|\bNone\b/g)].map((match) => match[1] ?? null);
  const days: Days = {};
  let index = 0;
  DAYS_IN_MONTH.forEach((length, month) => {
    for (let day = 1; day <= length; day += 1) {
      const key = dayKey(month + 1, day);
      days[key] ??= [];
      for (const entry of (values[index] ?? '').split(',')) if (entry.trim()) addName(days, key, entry.trim());
      index += 1;
    }
  });
  if (index !== values.length) throw new Error(`expected ${index} days, found ${values.length}`);
  return days;
};

/**
 * romcal (romcal/romcal, roman1969 rite): the liturgical calendar's fixed-date celebrations, keyed by
 * English ids ("basil_the_great_and_gregory_nazianzen_bishops"). Files are read in order (the General
 * Roman Calendar, then Europe, then the country), a later date replacing an earlier one. Each id gives the
 * words that are English forms of a name group ("basil", "gregory"), so the day reads as the saints'
 * names in English; ids naming no person ("most_holy_name_of_jesus") give none.
 */
const fromRomcal = (files: readonly string[], groups: NameGroups): Days => {
  const dateOf = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const [, id = '', body = ''] of text.matchAll(/^ {4}(\w+): \{\n([\s\S]*?)^ {4}\},?$/gm)) {
      const date = /dateDef: \{ month: (\d+), date: (\d+) \}/.exec(body);
      if (date) dateOf.set(id, dayKey(Number(date[1]), Number(date[2])));
    }
  }
  const days: Days = {};
  for (const [id, key] of dateOf) {
    const names = (days[key] ??= []);
    const words = id.split('_');
    // The word after "of" is a place or a title (Catherine of Siena, Ambrose of Milan), never the saint's name.
    for (const [index, word] of words.entries()) {
      if (words[index - 1] === 'of') continue;
      const group = groups.groupOf(word);
      if (group && foldName(group.en) === foldName(word) && !names.includes(group.en)) names.push(group.en);
    }
  }
  return days;
};

const main = () => {
  const [format, file, id, column = ''] = process.argv.slice(2);
  if (!format || !file || !id)
    throw new Error('usage: <nameday-api|namedays|pynameday|romcal> <raw file[,file…]> <dataset id> [column]');
  const text = format === 'romcal' ? '' : readFileSync(file, 'utf8');
  const parsed =
    format === 'nameday-api'
      ? fromNamedayApi(text, column)
      : format === 'namedays'
        ? fromNamedaysPackage(text)
        : format === 'pynameday'
          ? fromPynameday(text)
          : format === 'romcal'
            ? fromRomcal(file.split(','), nameGroups())
            : undefined;
  if (!parsed) throw new Error(`unknown format ${format}`);
  const ordered: Days = {};
  for (const key of Object.keys(parsed).sort()) ordered[key] = parsed[key] ?? [];
  const dir = join(__dirname, '..', 'data', 'reference', id);
  mkdirSync(dir, { recursive: true });
  // One day a line, so that a revision of the dataset shows as a readable diff.
  const lines = Object.entries(ordered).map(([key, names]) => `  ${JSON.stringify(key)}: ${JSON.stringify(names)}`);
  writeFileSync(join(dir, 'days.json'), `{\n${lines.join(',\n')}\n}\n`);
  const names = new Set(Object.values(ordered).flat());
  process.stdout.write(`${id}: ${Object.keys(ordered).length} days, ${names.size} distinct names\n`);
};

if (require.main === module) main();
