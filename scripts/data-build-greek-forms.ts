/**
 * Deepens the Greek and Cypriot calendars from the two open Greek datasets (data/reference/gr-alexstyl,
 * public domain, and data/reference/gr-el-name-tools, MIT) by the rules of scripts/data-greek-forms.ts,
 * rewriting only the days it changes. Usage: `npx tsx scripts/data-build-greek-forms.ts`; `npm run
 * data:check` then checks the result. Run again, it adds nothing (test/data/greek-forms.test.ts holds it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalendarDefinition } from '../lambda/core/calendar/calendar';
import { withEntriesRewritten } from './data-calendar-file';
import { agreedNames, deepenWithDatasets, type DatedGroup } from './data-greek-forms';
import { REFERENCE_DIR, referenceDays } from './data-reference';

const DATA = join(__dirname, '..', 'data');
const GREEK_CALENDARS = ['greek-orthodox', 'cypriot-orthodox'];
// Each Greek dataset also keeps its own name families beside its days (groups.json, read only here).
const groupsOf = (dataset: string): DatedGroup[] =>
  JSON.parse(readFileSync(join(REFERENCE_DIR, dataset, 'groups.json'), 'utf8')) as DatedGroup[];

const groups = ['gr-alexstyl', 'gr-el-name-tools'].flatMap(groupsOf);
const agreed = agreedNames(referenceDays('gr-alexstyl'), referenceDays('gr-el-name-tools'));

for (const slug of GREEK_CALENDARS) {
  const path = join(DATA, 'calendars', `${slug}.json`);
  const text = readFileSync(path, 'utf8');
  const calendar = JSON.parse(text) as CalendarDefinition;
  const { added, changedDays, changedMovable } = deepenWithDatasets(calendar, groups, agreed);
  const days = Object.fromEntries([...changedDays].map((key) => [key, calendar.days[key]]));
  writeFileSync(path, withEntriesRewritten(text, days, [...changedMovable]));
  const distinct = new Set([...Object.values(calendar.days), ...calendar.movable].flatMap((entry) => entry.names ?? []));
  process.stdout.write(
    `${slug}: ${added} forms added on ${changedDays.size + changedMovable.size} days; ${distinct.size} distinct names\n`,
  );
}
