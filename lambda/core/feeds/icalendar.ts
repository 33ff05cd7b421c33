/** One all-day event of a name day calendar. */
export interface DayEvent {
  /** Stable: the same entry always has the same UID, so a calendar app updates it rather than adds it again. */
  uid: string;
  /** YYYY-MM-DD */
  date: string;
  summary: string;
  description: string;
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** RFC 5545 TEXT: backslash, semicolon, comma and newline escaped. */
const escapeText = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** RFC 5545 folding: lines of at most 75 octets, continued with CRLF and a space, never inside a character. */
const fold = (line: string): string => {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    const limit = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += character;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join(`${CRLF} `);
};

const basicDate = (isoDate: string) => isoDate.replace(/-/g, '');

const nextDay = (isoDate: string): string => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
};

/**
 * An iCalendar (RFC 5545) document of all-day events. DTSTAMP is the event's own date at midnight
 * UTC rather than the time of the request, so that the same answer is the same bytes (and the same
 * ETag) whenever it is asked for.
 */
export const toICalendar = (calendarName: string, events: readonly DayEvent[]): string => {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nameday Lookup Service//Name days//EN',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${escapeText(calendarName)}`,
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${basicDate(event.date)}T000000Z`,
      `DTSTART;VALUE=DATE:${basicDate(event.date)}`,
      `DTEND;VALUE=DATE:${basicDate(nextDay(event.date))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join(CRLF)}${CRLF}`;
};
