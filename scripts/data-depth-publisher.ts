/**
 * The one-source rule of data/SOURCES.md, as run by `npx tsx scripts/data-depth.ts [--write]`: a
 * calendar's own publisher (the Church's Roman Martyrology, the Romanian Patriarchate's calendar) is
 * taken on its word for the names the calendar dates on no day yet. A name the calendar already dates
 * keeps its days, and another day for it needs a second origin (the rule of scripts/data-depth.ts): the
 * publisher's text may be an older edition, whose date for a saint the Church has since moved.
 */
import type { CalendarDefinition } from '../lambda/core/calendar/calendar';
import { foldName } from '../lambda/core/names/name-folding';
import type { NameGroups } from '../lambda/core/names/name-groups';
import { isFeastLabel } from './data-feast-labels';
import { referenceDays } from './data-reference';
import { nameFormProblem } from './name-form-problems';

export interface PublisherPlan {
  calendar: string;
  /** The publisher's list under data/reference/, read through a transcription. */
  publisher: string;
  /**
   * Other transcriptions of the same publisher, made apart (the Martyrology in other languages): one of
   * them must list the name on that day too, which confirms the reading of the text, not the fact.
   */
  checks: string[];
}

export const PUBLISHER_PLANS: PublisherPlan[] = [
  // The Martyrology in its public-domain edition (before 1962), in the Italian and Spanish translations.
  {
    calendar: 'italian-catholic',
    publisher: 'do-martyrology-it',
    checks: ['do-martyrology-es', 'do-martyrology-fr', 'do-martyrology-en'],
  },
  {
    calendar: 'spanish-catholic',
    publisher: 'do-martyrology-es',
    checks: ['do-martyrology-it', 'do-martyrology-fr', 'do-martyrology-en'],
  },
  // Read from two yearly editions (2025, 2026): only what both give on the same day is a fixed day.
  { calendar: 'romanian-orthodox', publisher: 'ro-patriarchate', checks: [] },
];

/** Letters a translation keeps of a name whatever its ending (Tommaso, Tomás; Felicita, Felícitas). */
const STEM_LENGTH = 4;
/**
 * The first letters of a name with the spellings the translations of one Latin name differ by made one
 * (Quionia, Chionia; Paciente, Paziente; Estratónico, Stratonico; Ammonio, Amonio): ph and f, th and t,
 * ch, qu and a hard c as k, z as c, y as i, w as v, no h, ct as t, no doubled letter, and no Spanish e
 * before s and a consonant.
 */
export const readingStem = (name: string): string =>
  foldName(name)
    .replace(/^es(?=[ptc])/, 's')
    .replace(/ph/g, 'f')
    .replace(/ch|qu|cu(?=[aeio])|c(?=[aou])/g, 'k')
    .replace(/h/g, '')
    .replace(/ct/g, 't')
    .replace(/y/g, 'i')
    .replace(/w/g, 'v')
    .replace(/z/g, 'c')
    .replace(/(.)\1/g, '$1')
    .slice(0, STEM_LENGTH);

/** The check lists the name on the day: by its first letters, or by a form of its name group. */
const readAlike = (name: string, checkNames: readonly string[], groups: NameGroups): boolean => {
  const group = groups.groupOf(name);
  return checkNames.some(
    (other) => readingStem(other) === readingStem(name) || (group !== undefined && groups.groupOf(other) === group),
  );
};

/** The names the publisher gives each day that the calendar dates nowhere, in the publisher's order. */
export const publisherAdditions = (
  plan: PublisherPlan,
  calendar: CalendarDefinition,
  groups: NameGroups,
): Map<string, string[]> => {
  const publisher = referenceDays(plan.publisher);
  const checks = plan.checks.map((dataset) => referenceDays(dataset));
  const dated = new Set(
    [...Object.values(calendar.days).flatMap((day) => day.names), ...calendar.movable.flatMap((entry) => entry.names ?? [])].map(
      foldName,
    ),
  );
  const additions = new Map<string, string[]>();
  for (const key of Object.keys(publisher).sort()) {
    const day = calendar.days[key];
    // A day the calendar keeps for a feast without a name (a gap, a great feast) stays so: on Theophany
    // or the Beheading of Saint John the publisher's saints are not the day's celebrants.
    if (day && (day.gap || day.names.length === 0)) continue;
    const taken = new Set<string>();
    const names: string[] = [];
    for (const name of publisher[key] ?? []) {
      const folded = foldName(name);
      if (dated.has(folded) || taken.has(folded) || isFeastLabel(name) || nameFormProblem(name)) continue;
      if (checks.length > 0 && !checks.some((check) => readAlike(name, check[key] ?? [], groups))) continue;
      taken.add(folded);
      names.push(name);
    }
    if (names.length > 0) additions.set(key, names);
  }
  return additions;
};
