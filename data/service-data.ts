import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalendarDefinition } from '../lambda/core/calendar';
import type { NameGroup } from '../lambda/core/name-groups';

/** The folder holding `calendars/` and `names/`; the loader function carries a copy beside its code. */
export const DATA_DIR = __dirname;

export interface ServiceData {
  definitions: CalendarDefinition[];
  groups: NameGroup[];
  /** A digest of every data file: the store, the loader and the functions agree on data by it. */
  version: string;
}

/** Reads `calendars/<slug>.json` (in file name order) and `names/groups.json` under `dir`. */
export const loadServiceData = (dir: string = DATA_DIR): ServiceData => {
  const hash = createHash('sha256');
  const read = (path: string): unknown => {
    const text = readFileSync(path, 'utf8');
    hash.update(path.slice(dir.length)).update('\0').update(text).update('\0');
    return JSON.parse(text);
  };
  const calendarsDir = join(dir, 'calendars');
  const definitions = readdirSync(calendarsDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => read(join(calendarsDir, file)) as CalendarDefinition);
  const groupsFile = join(dir, 'names', 'groups.json');
  const groups = existsSync(groupsFile) ? (read(groupsFile) as { groups: NameGroup[] }).groups : [];
  return { definitions, groups, version: hash.digest('hex').slice(0, 16) };
};
