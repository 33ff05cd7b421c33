import type { CalendarDefinition } from '../lambda/core/calendar/calendar';
import { foldName } from '../lambda/core/names/name-folding';

/** Longer than this, a "name" is a sentence: a list's label for the day ("Day of all unusual names"). */
const MOST_WORDS_IN_A_NAME = 3;

/**
 * Names that are not names: a feast label of the calendar copied among the names, a phrase, a number. Bulk
 * imports from datasets bring these in (a list's day label, a footnote mark), so every calendar is checked.
 */
export const nameProblems = (calendar: CalendarDefinition): string[] => {
  const entries = [...Object.values(calendar.days), ...calendar.movable];
  const feasts = new Set(entries.flatMap((entry) => entry.feasts ?? []).map(foldName));
  const problems: string[] = [];
  for (const name of new Set(entries.flatMap((entry) => entry.names ?? []))) {
    if (feasts.has(foldName(name))) problems.push(`${name}: a feast of the calendar given as a name`);
    if (name.split(/\s+/).length > MOST_WORDS_IN_A_NAME) problems.push(`${name}: a phrase, not a name`);
    if (/\p{N}/u.test(name)) problems.push(`${name}: a name with a digit`);
  }
  return problems;
};
