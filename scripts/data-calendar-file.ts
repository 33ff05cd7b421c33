import type { CalendarDefinition } from '../lambda/core/calendar/calendar';

/** JSON on one line with a space after each comma and colon, as the calendar files write days. */
const oneLine = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${oneLine(item)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
};

/**
 * A calendar in the house layout of data/calendars: the header indented, one day a line (so a diff reads
 * day by day), then the movable entries indented. Used by the scripts that build calendar files.
 */
export const calendarFileText = (calendar: CalendarDefinition): string => {
  const header = Object.fromEntries(Object.entries(calendar).filter(([key]) => key !== 'days' && key !== 'movable'));
  const headerText = JSON.stringify(header, null, 2).replace(/\n}$/, '');
  const dayLines = Object.entries(calendar.days).map(([key, day]) => `    ${JSON.stringify(key)}: ${oneLine(day)}`);
  const movableText = JSON.stringify(calendar.movable, null, 2).replace(/\n/g, '\n  ');
  return `${headerText},\n  "days": {\n${dayLines.join(',\n')}\n  },\n  "movable": ${movableText}\n}\n`;
};
