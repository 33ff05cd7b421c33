import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalendarDefinition } from '../../core/calendar/calendar';
import { schemaProblems } from '../../core/calendar/calendar-schema';
import type { NameGroup } from '../../core/names/name-groups';

/** The repository's data/ folder, holding `calendars/` and `names/`; the loader function carries a copy beside its code. */
export const DATA_DIR = join(__dirname, '..', '..', '..', 'data');

export interface ServiceData {
  definitions: CalendarDefinition[];
  groups: NameGroup[];
  /** A digest of every data file: the store, the loader and the functions agree on data by it. */
  version: string;
}

/**
 * Reads `calendars/<slug>.json` (in file name order) and `names/groups.json` under `dir`, and refuses a
 * calendar that breaks the schema, so bad data stops the seed, the synth and the deploy-time load.
 */
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
    .map((file) => {
      const definition = read(join(calendarsDir, file)) as CalendarDefinition;
      const problems = schemaProblems(definition, file);
      if (problems.length > 0) throw new Error(`data/calendars/${file} breaks the schema: ${problems.slice(0, 5).join('; ')}`);
      return definition;
    });
  const groupsFile = join(dir, 'names', 'groups.json');
  const groups = existsSync(groupsFile) ? (read(groupsFile) as { groups: NameGroup[] }).groups : [];
  return { definitions, groups, version: hash.digest('hex').slice(0, 16) };
};
