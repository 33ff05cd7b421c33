/** One all-day event of a name day calendar. */
export interface DayEvent {
  /** Stable: the same entry always has the same UID, so a calendar app updates it rather than adds it again. */
  uid: string;
  /** YYYY-MM-DD */
  date: string;
  summary: string;
  description: string;
  /** A reminder (VALARM): at 09:00 the day before, or at 09:00 on the day, in the app's own time zone. */
  reminder?: 'day-before' | 'morning-of';
}

/** The calendar as a whole: its name in the app, and for a subscribed feed how often to fetch it again. */
export interface CalendarHeader {
  name: string;
  /** A feed's refresh hint (RFC 7986 REFRESH-INTERVAL and its older X-PUBLISHED-TTL), e.g. "P1D". */
  refreshInterval?: string;
}

/*
 * An all-day event starts at its date's midnight, floating in the app's zone, so a trigger relative
 * to the start lands at the same local hour wherever the subscriber is.
 */
const REMINDER_TRIGGERS = { 'day-before': '-PT15H', 'morning-of': 'PT9H' } as const;

const alarmLines = (event: DayEvent): string[] =>
  event.reminder
    ? [
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        `DESCRIPTION:${escapeText(event.summary)}`,
        `TRIGGER:${REMINDER_TRIGGERS[event.reminder]}`,
        'END:VALARM',
      ]
    : [];

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
export const toICalendar = (calendar: string | CalendarHeader, events: readonly DayEvent[]): string => {
  const header = typeof calendar === 'string' ? { name: calendar } : calendar;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nameday Lookup Service//Name days//EN',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${escapeText(header.name)}`,
    ...(header.refreshInterval
      ? [`REFRESH-INTERVAL;VALUE=DURATION:${header.refreshInterval}`, `X-PUBLISHED-TTL:${header.refreshInterval}`]
      : []),
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${basicDate(event.date)}T000000Z`,
      `DTSTART;VALUE=DATE:${basicDate(event.date)}`,
      `DTEND;VALUE=DATE:${basicDate(nextDay(event.date))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      'TRANSP:TRANSPARENT',
      ...alarmLines(event),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join(CRLF)}${CRLF}`;
};
