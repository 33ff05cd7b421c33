/**
 * The rules by which the Greek and Cypriot calendars take names from the two open Greek datasets
 * (data/reference/gr-alexstyl and gr-el-name-tools); scripts/data-build-greek-forms.ts applies them to the files.
 * 1. Forms with a name already on the day: an entry of either dataset (a name family with its date) whose
 *    names the calendar already gives that date adds its other forms (Αντώνης and Τόνια with Αντώνιος): the
 *    calendar's references (or rule 2) and the dataset agree on the day, and the dataset gives the forms
 *    celebrated with it.
 * 2. Names both datasets give the same day go in on that day, two independent sources agreeing.
 * Nothing is removed or moved; new names follow the day's names.
 */
import type { CalendarDefinition, DayContent, MovableEntry } from '../lambda/core/calendar/calendar';
import { foldName, scriptOf } from '../lambda/core/names/name-folding';
import { isFullyTransliterated, systemForLanguage } from '../lambda/core/names/transliteration';

export type DayNames = Readonly<Record<string, readonly string[]>>;
/** A dataset entry: the date ("MM-DD") and the forms of one name family. */
export type DatedGroup = readonly [string, readonly string[]];

const system = systemForLanguage('el', 'greek');
const GREEK_LETTERS = /^[\p{Script=Greek}\p{M}]+$/u;
const VOWELS = /[αεηιουω]/gu;

/**
 * Greek letters only (a dataset's "Γερoντιος" hides a Latin o), and the accent every Greek word of two
 * syllables or more carries: the datasets drop it on a capital (Αλκης for Άλκης), and where it goes is not
 * ours to guess, so such a form stays out until written right.
 */
export const isWellFormedGreekName = (name: string): boolean => {
  if (!GREEK_LETTERS.test(name) || scriptOf(name) !== 'greek' || !isFullyTransliterated(name, system)) return false;
  const bare = name.normalize('NFD');
  const syllables = (bare.toLowerCase().replace(/\p{M}/gu, '').match(VOWELS) ?? []).length;
  return syllables < 2 || /[\u0301\u0341]/u.test(bare);
};

/** Rule 2's names: those of the first dataset (in its spelling) that the second also gives that day. */
export const agreedNames = (first: DayNames, second: DayNames): DatedGroup[] =>
  Object.entries(first).map(([key, names]) => {
    const theirs = new Set((second[key] ?? []).map(foldName));
    return [key, names.filter((name) => theirs.has(foldName(name)))];
  });

export interface Deepening {
  added: number;
  /** Day keys and movable entries whose names changed. */
  changedDays: Set<string>;
  changedMovable: Set<MovableEntry>;
}

/** Applies both rules to the calendar in place, rule 1 until nothing changes (a fixed point: again adds nothing). */
export const deepenWithDatasets = (
  calendar: CalendarDefinition,
  groups: readonly DatedGroup[],
  agreed: readonly DatedGroup[],
): Deepening => {
  // A saint's day kept movable (Saint George, moved out of Lent) is the same day for this purpose as its date.
  const targetsOn = (key: string): Array<DayContent | MovableEntry> => [
    ...(calendar.days[key] ? [calendar.days[key]] : []),
    ...calendar.movable.filter((entry) => entry.rule.kind === 'fixed-unless-easter' && entry.rule.date === key),
  ];
  const result: Deepening = { added: 0, changedDays: new Set(), changedMovable: new Set() };
  const add = (key: string, names: readonly string[], target: DayContent | MovableEntry) => {
    // A form already on the date (in the day or in its movable entry) is not added twice.
    const present = new Set(targetsOn(key).flatMap((entry) => (entry.names ?? []).map(foldName)));
    for (const name of names) {
      if (!isWellFormedGreekName(name) || present.has(foldName(name))) continue;
      target.names = [...(target.names ?? []), name];
      present.add(foldName(name));
      result.added += 1;
      if ('id' in target) result.changedMovable.add(target);
      else result.changedDays.add(key);
    }
  };
  for (const [key, names] of agreed) {
    if (!names.some(isWellFormedGreekName)) continue;
    const target = targetsOn(key)[0] ?? (calendar.days[key] = { names: [] });
    add(key, names, target);
  }
  for (let before = -1; before !== result.added;) {
    before = result.added;
    for (const [key, names] of groups) {
      const folded = new Set(names.map(foldName));
      const target = targetsOn(key).find((entry) => (entry.names ?? []).some((name) => folded.has(foldName(name))));
      if (target) add(key, names, target);
    }
  }
  return result;
};
