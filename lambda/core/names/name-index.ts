import type { CalendarDefinition } from '../calendar/calendar';
import { foldName, scriptOf, wordStarts } from './name-folding';
import { formsOfGroup, type NameGroups } from './name-groups';
import { systemForLanguage, transliterate } from './transliteration';

/** One name on one rule of one calendar: what a search result is dated from. */
export interface NameOccurrence {
  slug: string;
  /** "f:MM-DD" for a fixed day, "m:<id>" for a movable entry. */
  ref: string;
  name: string;
  nameEn: string | null;
}

export const fixedRef = (key: string): string => `f:${key}`;
export const movableRef = (id: string): string => `m:${id}`;

/** The shortest query the search answers; shorter tokens could never be asked for. */
export const MIN_QUERY_LENGTH = 2;

/**
 * The API contract (README): a Greek or Cyrillic name's standard transliteration; a Latin-script name's English
 * form, which is its group's as the calendar's country uses the name, or null when it has none.
 */
export const nameEnOf = (name: string, language: string | undefined, groups: NameGroups, country?: string): string | null => {
  const script = scriptOf(name);
  if (script === 'greek' || script === 'cyrillic') return transliterate(name, systemForLanguage(language, script));
  return groups.groupOf(name, country)?.en ?? null;
};

/** Every form a name is found by: itself, its transliteration, and all forms of its group. */
const searchFormsOf = (name: string, nameEn: string | null, groups: NameGroups, country?: string): string[] => {
  const group = groups.groupOf(name, country);
  const groupForms = group ? formsOfGroup(group) : [];
  const transliterated = groupForms.flatMap((form) => {
    const script = scriptOf(form);
    return script === 'greek' || script === 'cyrillic' ? [transliterate(form, systemForLanguage(undefined, script))] : [];
  });
  return [name, ...(nameEn ? [nameEn] : []), ...groupForms, ...transliterated];
};

/** The folded word starts a name is indexed under; a query matches one of them by prefix. */
export const indexTokensOf = (name: string, nameEn: string | null, groups: NameGroups, country?: string): string[] =>
  [...new Set(searchFormsOf(name, nameEn, groups, country).flatMap((form) => wordStarts(foldName(form))))].filter(
    (token) => [...token].length >= MIN_QUERY_LENGTH,
  );

/** The whole name index: folded token → the occurrences it finds. Built from data/, never per request. */
export const buildNameIndex = (definitions: readonly CalendarDefinition[], groups: NameGroups): Map<string, NameOccurrence[]> => {
  const index = new Map<string, NameOccurrence[]>();
  for (const calendar of definitions) {
    const language = calendar.languages[0];
    const rules: Array<[string, string[]]> = [
      ...Object.entries(calendar.days).map(([key, day]): [string, string[]] => [fixedRef(key), day.names]),
      ...calendar.movable.map((entry): [string, string[]] => [movableRef(entry.id), entry.names ?? []]),
    ];
    for (const [ref, names] of rules) {
      for (const name of names) {
        const nameEn = nameEnOf(name, language, groups, calendar.country);
        const occurrence: NameOccurrence = { slug: calendar.slug, ref, name, nameEn };
        for (const token of indexTokensOf(name, nameEn, groups, calendar.country)) {
          const list = index.get(token);
          if (list) list.push(occurrence);
          else index.set(token, [occurrence]);
        }
      }
    }
  }
  return index;
};
