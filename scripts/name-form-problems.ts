/**
 * Spelling and feast-label checks of the names of a calendar (part of `npm run data:check`): a name is
 * a given name as the country writes it, never a feast, a title or a group of saints that a dataset's
 * label put where a name would be (names built from open datasets can carry those in).
 */
import type { CalendarDefinition } from '../lambda/core/calendar/calendar';
import { foldName } from '../lambda/core/names/name-folding';

/** Capital first, letters, and single inner spaces, hyphens or apostrophes (Jean-Baptiste, D'Artagnan). */
const NAME_SHAPE = /^\p{Lu}\p{M}*(?:[\p{L}\p{M}]|[ \-'’](?=\p{L}))*$/u;
/** A capital after a small letter is two words run together by a list's import (MarcellinoVescovo). */
const RUN_TOGETHER = /\p{Ll}\p{M}*\p{Lu}/u;
/** Scripts without letter case (none among our calendars yet) would skip the capital rule. */
const HAS_CASE = /[\p{Lu}\p{Ll}]/u;

/**
 * Words that name a feast, a title or a group in the calendars' languages and are never a given name on
 * their own (many feasts are also names: Beata, Epifania, Anunciación, Ángeles, Noël, Pascal).
 */
const FEAST_WORDS = new Set(
  [
    // Italian (Epifania, Santo, Assunta are given names too, so not listed)
    'Annunciazione',
    'Assunzione',
    'Ascensione',
    'Capodanno',
    'Ognissanti',
    'Pentecoste',
    'Solennità',
    'Santi',
    'Vergine',
    'Martiri',
    'Innocenti',
    'Arcangeli',
    'Angeli',
    'Sette',
    'Primi',
    'Scillitani',
    // Spanish (Anunciación, Asunción, Ascensión, Ángeles, Reyes, Santos are given names too)
    'Mártires',
    'Inocentes',
    'Arcángeles',
    'Escilitanos',
    // French
    'Annonciation',
    'Assomption',
    'Toussaint',
    'Pentecôte',
    "Jour de l'An",
    'Saint',
    'Sainte',
    'Saints',
    'Innocents',
    'Archanges',
    'Anges',
    'Martyrs',
  ].map(foldName),
);

/** Why a name is not spelled as a given name or is a feast word; undefined when it is a name. */
export const nameFormProblem = (name: string): string | undefined => {
  if (HAS_CASE.test(name) && (!NAME_SHAPE.test(name) || RUN_TOGETHER.test(name))) return `"${name}" is not spelled as a name`;
  if (FEAST_WORDS.has(foldName(name))) return `"${name}" is a feast, title or group, not a name`;
  return undefined;
};

export const nameFormProblems = (calendar: CalendarDefinition): string[] => {
  const dated = [
    ...Object.entries(calendar.days).flatMap(([key, day]) => day.names.map((name) => [key, name] as const)),
    ...calendar.movable.flatMap((entry) => (entry.names ?? []).map((name) => [entry.id, name] as const)),
  ];
  return dated.flatMap(([where, name]) => {
    const problem = nameFormProblem(name);
    return problem ? [`${where}: ${problem}`] : [];
  });
};
