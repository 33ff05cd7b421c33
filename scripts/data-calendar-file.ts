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

/**
 * Rewrites, in a calendar file's text, only the lines of the given days and movable entries (one a line,
 * as the files keep them), so that a build touches the entries it changed and leaves the rest as written.
 */
export const withEntriesRewritten = (
  text: string,
  days: Readonly<Record<string, unknown>>,
  movable: ReadonlyArray<{ id: string }>,
): string => {
  let result = text;
  const replaceLine = (pattern: RegExp, line: string, what: string) => {
    if (!pattern.test(result)) throw new Error(`${what}: not found on a line of its own`);
    result = result.replace(pattern, (_match, indent: string, comma: string) => `${indent}${line}${comma}`);
  };
  for (const [key, day] of Object.entries(days)) {
    const line = `${JSON.stringify(key)}: ${oneLine(day)}`;
    if (result.includes(`"${key}": {`)) replaceLine(new RegExp(`^( +)"${key}": \\{.*?\\}(,?)$`, 'm'), line, `day ${key}`);
    else {
      // A new day goes before the first day after it (every calendar ends with its last day of December).
      const next = [...result.matchAll(/^ +"(\d\d-\d\d)": \{/gm)]
        .map((match) => match[1] ?? '')
        .find((existing) => existing > key);
      if (!next) throw new Error(`day ${key}: no later day to insert it before`);
      result = result.replace(
        new RegExp(`^( +)"${next}": `, 'm'),
        (_match, indent: string) => `${indent}${line},\n${indent}"${next}": `,
      );
    }
  }
  for (const entry of movable)
    replaceLine(new RegExp(`^( +)\\{"id": "${entry.id}",.*?\\}(,?)$`, 'm'), oneLine(entry), `movable ${entry.id}`);
  return result;
};
