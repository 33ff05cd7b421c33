import { createHash } from 'node:crypto';
import type { NamedayEntry } from '../listing/list-namedays';
import type { SearchResult } from '../names/search-names';
import { countryName } from '../shared/countries';
import type { DayEvent } from './icalendar';

const UID_DOMAIN = 'nameday-api';

/** A stable UID from the event's date, country and what tells it apart on that date. */
export const uidOf = (date: string, country: string, identity: string): string =>
  `${date}-${country.toLowerCase()}-${createHash('sha256').update(identity).digest('hex').slice(0, 16)}@${UID_DOMAIN}`;

/**
 * The one DESCRIPTION shape of every event, whichever feed or answer it is in: the names as the
 * calendar spells them, then the calendar and its country ("Josef: Czech Civil Calendar, Czechia (CZ)").
 */
export const dayEventDescription = (names: readonly string[], calendarName: string, country: string): string =>
  `${names.join(', ')}: ${calendarName}, ${countryName(country)} (${country})`;

/** A listing entry as an event: the names, and the feasts in brackets. */
export const entryEvent = (entry: NamedayEntry, calendarName: string): DayEvent => {
  const names = entry.names.join(', ');
  const feasts = entry.feasts.join(', ');
  return {
    // One entry per date and calendar id, which already carries the year.
    uid: `${entry.date}-${entry.calendar}@${UID_DOMAIN}`,
    date: entry.date,
    summary: names && feasts ? `${names} (${feasts})` : names || feasts,
    description: dayEventDescription(entry.names.length > 0 ? entry.names : entry.feasts, calendarName, entry.country),
  };
};

/** A search result as an event: the name, on its date, in its calendar. */
export const resultEvent = (result: SearchResult): DayEvent => ({
  uid: uidOf(result.date, result.countryCode, `${result.calendarName}\0${result.name}`),
  date: result.date,
  summary: result.name,
  description: dayEventDescription([result.name], result.calendarName, result.countryCode),
});
