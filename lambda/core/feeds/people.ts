// (portal, key command) --> use cases: find a person's name in a calendar; a people feed's events --> (name index, fixed days)
import type { CalendarCatalog } from '../calendar/catalog';
import { listNamedays, type FixedDayReader } from '../listing/list-namedays';
import { foldName } from '../names/name-folding';
import type { NameOccurrence } from '../names/name-index';
import type { NameIndexReader } from '../names/search-names';
import { countryName } from '../shared/countries';
import { ValidationError } from '../shared/errors';
import type { DayEvent } from './icalendar';
import { dayEventDescription, uidOf } from './name-day-events';
import type { NameForm, Person, PersonRequest, Reminder, Subscription, SubscriptionRequest } from './subscription';

const MAX_SUGGESTIONS = 5;

/** A person whose name has no day where it was asked for; the closest forms the search finds come with it. */
export class PersonNotFoundError extends ValidationError {
  constructor(
    readonly person: number,
    message: string,
    readonly suggestions: readonly string[],
  ) {
    super(message);
  }
}

const wordsOf = (name: string | null): string[] => (name ? foldName(name).split(' ') : []);

/**
 * How an occurrence the prefix search found relates to the name asked for: the very name (a word of
 * the calendar's form or of its English form), only a longer name it begins ("Ann" in "Annabella"),
 * or the same name in another language or script (John as Jan, Georgios as Γεώργιος).
 */
const matchOf = (occurrence: NameOccurrence, folded: string): 'exact' | 'longer' | 'equivalent' => {
  const words = [...wordsOf(occurrence.name), ...wordsOf(occurrence.nameEn)];
  if (words.includes(folded)) return 'exact';
  if (words.some((word) => word.startsWith(folded))) return 'longer';
  return 'equivalent';
};

const uniqueForms = (occurrences: readonly NameOccurrence[]): NameForm[] => {
  const seen = new Map<string, NameForm>();
  for (const { slug, name } of occurrences) seen.set(`${slug}\0${name}`, { slug, spelling: name });
  return [...seen.values()].sort((a, b) => a.slug.localeCompare(b.slug) || a.spelling.localeCompare(b.spelling));
};

/** The calendars a person is looked up in: the one asked for, or every calendar of the country. */
const slugsFor = (request: PersonRequest, catalog: CalendarCatalog): string[] =>
  request.calendarId
    ? [request.calendarId]
    : catalog.calendars.filter((calendar) => calendar.country === request.country).map((calendar) => calendar.slug);

const placeName = (request: PersonRequest, catalog: CalendarCatalog): string =>
  request.calendarId
    ? (catalog.find(request.calendarId)?.calendarName ?? request.calendarId)
    : countryName(request.country ?? '');

/** Names of the calendars that begin like the name, from the longest beginning that finds any. */
const closestForms = async (folded: string, slugs: readonly string[], index: NameIndexReader): Promise<string[]> => {
  const letters = [...folded];
  for (let length = letters.length; length >= 2; length -= 1) {
    const prefix = letters.slice(0, length).join('');
    const found = (await index.findByPrefix(prefix)).filter((occurrence) => slugs.includes(occurrence.slug));
    const names = [...new Set(found.map((occurrence) => occurrence.name))]
      .filter((name) => foldName(name) !== folded)
      .sort((a, b) => Math.abs([...a].length - letters.length) - Math.abs([...b].length - letters.length) || a.localeCompare(b));
    if (names.length > 0) return names.slice(0, MAX_SUGGESTIONS);
  }
  return [];
};

/**
 * Each person's name as the chosen calendars spell it, found by the same search the API answers;
 * a person none of them names is refused at once, with the closest forms the search finds.
 */
export const findPeople = async (
  requests: readonly PersonRequest[],
  catalog: CalendarCatalog,
  index: NameIndexReader,
): Promise<Person[]> =>
  Promise.all(
    requests.map(async (request, position) => {
      const slugs = slugsFor(request, catalog);
      const folded = foldName(request.name);
      const found =
        [...folded].length >= 2 ? (await index.findByPrefix(folded)).filter((occurrence) => slugs.includes(occurrence.slug)) : [];
      const exact = found.filter((occurrence) => matchOf(occurrence, folded) === 'exact');
      const forms = uniqueForms(
        exact.length > 0 ? exact : found.filter((occurrence) => matchOf(occurrence, folded) === 'equivalent'),
      );
      if (forms.length === 0) {
        const longer = [...new Set(found.map((occurrence) => occurrence.name))].slice(0, MAX_SUGGESTIONS);
        const suggestions = longer.length > 0 ? longer : [...folded].length >= 2 ? await closestForms(folded, slugs, index) : [];
        const offer = suggestions.length > 0 ? `. Closest forms: ${suggestions.join(', ')}` : '';
        throw new PersonNotFoundError(
          position,
          `${request.name} has no name day in ${placeName(request, catalog)}${offer}`,
          suggestions,
        );
      }
      return {
        name: request.name,
        ...(request.country !== undefined && { country: request.country }),
        ...(request.calendarId !== undefined && { calendarId: request.calendarId }),
        forms,
      };
    }),
  );

/**
 * One all-day event per person per name day in the two years: the days are read from the calendars
 * as they are now (the same reads as a listing feed), so a data update moves them with it.
 */
export const peopleEvents = async (
  people: readonly Person[],
  reminder: Reminder,
  years: readonly number[],
  catalog: CalendarCatalog,
  reader: FixedDayReader,
): Promise<DayEvent[]> => {
  const slugs = [...new Set(people.flatMap((person) => person.forms.map((form) => form.slug)))].filter((slug) =>
    catalog.find(slug),
  );
  const entries = (
    await Promise.all(
      slugs.flatMap((slug) =>
        years.map(async (year) => {
          const page = await listNamedays(
            { year, slug, limit: Number.MAX_SAFE_INTEGER, offset: 0, timeZone: 'UTC', dependsOnNow: true },
            catalog,
            reader,
          );
          return page.namedays.map((entry) => ({ slug, entry }));
        }),
      ),
    )
  ).flat();
  const events: DayEvent[] = [];
  const seenNames = new Map<string, number>();
  for (const person of people) {
    // Two people of the same name (two friends called Anna) stay two events, each with a stable UID.
    const occurrence = (seenNames.get(person.name) ?? 0) + 1;
    seenNames.set(person.name, occurrence);
    for (const form of person.forms) {
      const calendar = catalog.find(form.slug);
      if (!calendar) continue;
      for (const { slug, entry } of entries) {
        if (slug !== form.slug || !entry.names.includes(form.spelling)) continue;
        events.push({
          uid: uidOf(entry.date, entry.country, `person\0${person.name}\0${occurrence}\0${form.slug}\0${form.spelling}`),
          date: entry.date,
          summary: `${person.name}'s name day`,
          description: dayEventDescription([form.spelling], calendar.calendarName, entry.country),
          ...(reminder !== 'none' && { reminder }),
        });
      }
    }
  }
  return events.sort((a, b) => a.date.localeCompare(b.date) || a.summary.localeCompare(b.summary));
};

/** What the portal and the key command need to turn a request into a subscription. */
export interface NameSources {
  catalog: () => Promise<CalendarCatalog>;
  nameIndex: NameIndexReader;
}

/** A feed request's subscription, its people found in their calendars (or refused at once). */
export const subscriptionFor = async (request: SubscriptionRequest, sources: NameSources): Promise<Subscription> => {
  if (request.kind !== 'people') return request;
  const people = await findPeople(request.people, await sources.catalog(), sources.nameIndex);
  return { kind: 'people', people, reminder: request.reminder };
};
