// What a feed shows, chosen when the feed is made: the feed URL's own query is never read.
import { countryName, isSupportedCountry } from '../shared/countries';
import { ValidationError } from '../shared/errors';

export type Reminder = 'none' | 'day-before' | 'morning-of';
export const REMINDERS: readonly Reminder[] = ['none', 'day-before', 'morning-of'];

/** At most this many people in one feed: a calendar of friends and family, not a directory. */
export const MAX_PEOPLE_PER_FEED = 50;
export const MAX_PERSON_NAME_LENGTH = 100;

/** One form of a person's name in one calendar: the name as that calendar spells it. */
export interface NameForm {
  slug: string;
  spelling: string;
}

export interface Person {
  /** The name as the person was entered. */
  name: string;
  /** Where to look: a country (each of its calendars) or one calendar (its slug). */
  country?: string;
  calendarId?: string;
  /** The forms found when the list was saved. */
  forms: NameForm[];
}

export type Subscription =
  | { kind: 'listing'; country?: string; calendarId?: string; tz?: string }
  | { kind: 'search'; q: string; tz?: string }
  | { kind: 'people'; people: Person[]; reminder: Reminder };

export type FeedKind = Subscription['kind'];

/** The feed path each kind is served at (listing and people by the listing function, search by the search function). */
export const feedFileOf = (kind: FeedKind): 'namedays.ics' | 'search.ics' => (kind === 'search' ? 'search.ics' : 'namedays.ics');

/** A person as asked for, before the calendars are searched. */
export interface PersonRequest {
  name: string;
  country?: string;
  calendarId?: string;
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value.trim() : undefined);

const hasControl = (value: string) => /\p{Cc}/u.test(value);

/** Either a supported country or a calendar's slug, never both; `isCalendar` says which slugs exist. */
const placeOf = (
  body: Record<string, unknown>,
  isCalendar: (slug: string) => boolean,
  where = '',
): { country?: string; calendarId?: string } => {
  const country = textOf(body.country);
  const calendarId = textOf(body.calendarId);
  if ((country && calendarId) || (!country && !calendarId))
    throw new ValidationError(`Give either country or calendarId${where}`);
  if (country) {
    const code = country.toUpperCase();
    if (!isSupportedCountry(code)) throw new ValidationError(`Invalid country code: ${country.slice(0, 64)}${where}`);
    return { country: code };
  }
  const slug = calendarId!.toLowerCase().replace(/-\d{4}$/, '');
  if (!isCalendar(slug)) throw new ValidationError(`Invalid calendarId: ${calendarId!.slice(0, 64)}${where}`);
  return { calendarId: slug };
};

export const reminderFrom = (value: unknown, fallback: Reminder = 'none'): Reminder => {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !(REMINDERS as readonly string[]).includes(value)) {
    throw new ValidationError('Invalid reminder. Use none, day-before or morning-of');
  }
  return value as Reminder;
};

export const peopleFrom = (value: unknown, isCalendar: (slug: string) => boolean): PersonRequest[] => {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PEOPLE_PER_FEED) {
    throw new ValidationError(`A people feed lists 1 to ${MAX_PEOPLE_PER_FEED} people`);
  }
  return value.map((entry: unknown, index) => {
    const where = ` (person ${index + 1})`;
    if (typeof entry !== 'object' || entry === null)
      throw new ValidationError(`Each person needs a name (1 to ${MAX_PERSON_NAME_LENGTH} characters)${where}`);
    const body = entry as Record<string, unknown>;
    const name = textOf(body.name);
    if (!name || [...name].length > MAX_PERSON_NAME_LENGTH || hasControl(name)) {
      throw new ValidationError(`Each person needs a name (1 to ${MAX_PERSON_NAME_LENGTH} characters)${where}`);
    }
    return { name, ...placeOf(body, isCalendar, where) };
  });
};

/** What a portal or command request asks a feed to show; people are searched for afterwards. */
export type SubscriptionRequest =
  | { kind: 'listing'; country?: string; calendarId?: string }
  | { kind: 'search'; q: string }
  | { kind: 'people'; people: PersonRequest[]; reminder: Reminder };

export const subscriptionRequestFrom = (
  body: Record<string, unknown>,
  isCalendar: (slug: string) => boolean,
): SubscriptionRequest => {
  switch (body.kind) {
    case 'listing':
      return { kind: 'listing', ...placeOf(body, isCalendar) };
    case 'search': {
      const q = textOf(body.q);
      if (!q || [...q].length < 2 || [...q].length > 100 || hasControl(q))
        throw new ValidationError('A search feed needs q: 2 to 100 characters');
      return { kind: 'search', q };
    }
    case 'people':
      return { kind: 'people', people: peopleFrom(body.people, isCalendar), reminder: reminderFrom(body.reminder) };
    default:
      throw new ValidationError('Invalid feed kind. Use listing, search or people');
  }
};

/** "Anna, Jan and 3 more": at most two names, then how many others. */
const someNames = (names: readonly string[]): string => {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
};

/** The calendar's name in the app (X-WR-CALNAME): what the feed shows, so two subscriptions differ. */
export const feedTitle = (subscription: Subscription, calendarName: (slug: string) => string): string => {
  switch (subscription.kind) {
    case 'listing':
      return subscription.country
        ? `Name days in ${countryName(subscription.country)}`
        : `Name days: ${calendarName(subscription.calendarId ?? '')}`;
    case 'search':
      return `Name days of ${subscription.q}`;
    case 'people':
      return `Name days: ${someNames(subscription.people.map((person) => person.name))}`;
  }
};
