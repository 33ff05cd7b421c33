import { createHash } from 'node:crypto';
import type { NamedayEntry } from '../listing/list-namedays';
import type { SearchResult } from '../names/search-names';
import type { DayEvent } from './icalendar';

const UID_DOMAIN = 'nameday-api';

/** A listing entry as an event: the names, and the feasts in brackets. */
export const entryEvent = (entry: NamedayEntry): DayEvent => {
  const names = entry.names.join(', ');
  const feasts = entry.feasts.join(', ');
  return {
    // One entry per date and calendar id, which already carries the year.
    uid: `${entry.date}-${entry.calendar}@${UID_DOMAIN}`,
    date: entry.date,
    summary: names && feasts ? `${names} (${feasts})` : names || feasts,
    description: `${entry.countryName} (${entry.country}), ${entry.calendar}`,
  };
};

/** A search result as an event: the name, on its date, in its calendar. */
export const resultEvent = (result: SearchResult): DayEvent => ({
  uid: `${result.date}-${result.countryCode.toLowerCase()}-${createHash('sha256')
    .update(`${result.calendarName}\0${result.name}`)
    .digest('hex')
    .slice(0, 16)}@${UID_DOMAIN}`,
  date: result.date,
  summary: result.name,
  description: `${result.countryName} (${result.countryCode}), ${result.calendarName}`,
});
