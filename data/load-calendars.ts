import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalendarDefinition } from '../lambda/core/calendar';

export const CALENDARS_DIR = join(__dirname, 'calendars');

export interface CalendarData {
  definitions: CalendarDefinition[];
  /** A digest of every calendar file: the store, the loader and the functions agree on data by it. */
  version: string;
}

/** Reads every `<slug>.json` calendar in `dir`, in file name order. */
export const loadCalendarData = (dir: string = CALENDARS_DIR): CalendarData => {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort();
  const hash = createHash('sha256');
  const definitions = files.map((file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    hash.update(file).update('\0').update(text).update('\0');
    return JSON.parse(text) as CalendarDefinition;
  });
  return { definitions, version: hash.digest('hex').slice(0, 16) };
};
