import ICAL from 'ical.js';
import { toICalendar, type DayEvent } from '../../../../lambda/core/feeds/icalendar';
import { entryEvent, resultEvent } from '../../../../lambda/core/feeds/name-day-events';

const josef: DayEvent = {
  uid: '2026-03-19-czech-civil-2026@nameday-api',
  date: '2026-03-19',
  summary: 'Josef (Saint Joseph)',
  description: 'Czechia (CZ), czech-civil-2026',
};

/** Parsed by an independent implementation of RFC 5545 (ical.js), not by our own code. */
const parse = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]);

describe('toICalendar', () => {
  it('writes a calendar an independent parser reads back: one all-day VEVENT per event', () => {
    const calendar = parse(toICalendar('Name days', [josef, { ...josef, uid: 'x@nameday-api', date: '2026-12-31' }]));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events).toHaveLength(2);
    const [first, last] = events;
    expect(first?.uid).toBe(josef.uid);
    expect(first?.summary).toBe('Josef (Saint Joseph)');
    expect(first?.description).toBe('Czechia (CZ), czech-civil-2026');
    expect(first?.startDate.isDate).toBe(true);
    expect(first?.startDate.toString()).toBe('2026-03-19');
    expect(first?.endDate.toString()).toBe('2026-03-20');
    expect(last?.endDate.toString()).toBe('2027-01-01');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
  });

  it('ends every line with CRLF and folds lines longer than 75 octets without splitting a character', () => {
    const long = {
      ...josef,
      summary: 'Γεώργιος, Γιώργος, Γιωργής, Γεωργία, Γιωργία, Γωγώ (Saint George the Great Martyr and Trophy-bearer)',
    };
    const text = toICalendar('Name days', [long]);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).toMatch(/\r\n /);
    expect(new ICAL.Event(parse(text).getFirstSubcomponent('vevent') as ICAL.Component).summary).toBe(long.summary);
  });

  it('escapes commas, semicolons, backslashes and newlines in text', () => {
    const odd = { ...josef, summary: 'A, B; C\\D', description: 'line one\nline two' };
    const text = toICalendar('Name days', [odd]);
    expect(text).toContain('SUMMARY:A\\, B\\; C\\\\D');
    const event = new ICAL.Event(parse(text).getFirstSubcomponent('vevent') as ICAL.Component);
    expect(event.summary).toBe('A, B; C\\D');
    expect(event.description).toBe('line one\nline two');
  });

  it('writes the same bytes for the same events, whenever asked', () => {
    expect(toICalendar('Name days', [josef])).toBe(toICalendar('Name days', [josef]));
  });
});

describe('name day events', () => {
  const entry = {
    date: '2026-04-23',
    names: ['Γεώργιος', 'Γιώργος'],
    feasts: ['Saint George'],
    country: 'GR',
    countryName: 'Greece',
    calendar: 'greek-orthodox-2026',
    tradition: 'Orthodox',
  };

  it('reads at a glance: the names, and the feast in brackets; the names, calendar and country in the description', () => {
    expect(entryEvent(entry, 'Greek Orthodox Calendar')).toEqual({
      uid: '2026-04-23-greek-orthodox-2026@nameday-api',
      date: '2026-04-23',
      summary: 'Γεώργιος, Γιώργος (Saint George)',
      description: 'Γεώργιος, Γιώργος: Greek Orthodox Calendar, Greece (GR)',
    });
    expect(entryEvent({ ...entry, names: [] }, 'Greek Orthodox Calendar').summary).toBe('Saint George');
    expect(entryEvent({ ...entry, feasts: [] }, 'Greek Orthodox Calendar').summary).toBe('Γεώργιος, Γιώργος');
  });

  it('describes a search result in the same shape as a listing entry', () => {
    const event = resultEvent({
      name: 'Γεώργιος',
      nameEn: 'Georgios',
      date: '2026-04-23',
      countryCode: 'GR',
      countryName: 'Greece',
      calendarName: 'Greek Orthodox Calendar',
    });
    expect(event.description).toBe('Γεώργιος: Greek Orthodox Calendar, Greece (GR)');
  });

  it('carries the refresh hints and a reminder an independent parser reads', () => {
    const text = toICalendar({ name: 'Name days: Anna', refreshInterval: 'P1D' }, [
      { uid: 'a@nameday-api', date: '2026-07-26', summary: "Anna's name day", description: 'Anna', reminder: 'day-before' },
      { uid: 'b@nameday-api', date: '2026-12-26', summary: "Štěpán's name day", description: 'Štěpán', reminder: 'morning-of' },
    ]);
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Name days: Anna');
    expect(calendar.getFirstProperty('refresh-interval')?.getFirstValue()?.toString()).toBe('P1D');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('P1D');
    const triggers = calendar
      .getAllSubcomponents('vevent')
      .map((vevent) => vevent.getFirstSubcomponent('valarm')?.getFirstPropertyValue('trigger')?.toString());
    expect(triggers).toEqual(['-PT15H', 'PT9H']);
  });

  it('gives a search result a stable UID of its own date, calendar and name', () => {
    const result = {
      name: 'Jiří',
      nameEn: 'George',
      date: '2026-04-24',
      countryCode: 'CZ',
      countryName: 'Czechia',
      calendarName: 'Czech Civil Calendar',
    };
    expect(resultEvent(result).uid).toBe(resultEvent({ ...result }).uid);
    expect(resultEvent(result).uid).not.toBe(resultEvent({ ...result, name: 'Jiřina' }).uid);
    expect(resultEvent(result).uid).toMatch(/^2026-04-24-cz-[0-9a-f]{16}@nameday-api$/);
  });
});
