/**
 * `npm run data:check` (part of `npm test`): checks every calendar and the name groups, and that the
 * generated tables in data/README.md and data/SOURCES.md match the data. `-- --write` regenerates them.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR, loadServiceData } from '../lambda/adapters/data-files/service-data';
import type { CalendarDefinition } from '../lambda/core/calendar/calendar';
import { COUNTRY_NAMES } from '../lambda/core/shared/countries';
import { foldName, scriptOf } from '../lambda/core/names/name-folding';
import { NameGroups } from '../lambda/core/names/name-groups';
import { nameEnOf } from '../lambda/core/names/name-index';
import { isFullyTransliterated, systemForLanguage } from '../lambda/core/names/transliteration';
import { calendarProblems } from './calendar-validation';
import { coverageMarkdown, coverageRows } from './coverage';
import { nameFormProblems } from './name-form-problems';

/** The coverage table quotes one fixed year, so that it changes with the data and not with the clock. */
const COVERAGE_YEAR = 2026;
const write = process.argv.includes('--write');
const problems: string[] = [];
const report = (line: string) => process.stdout.write(`${line}\n`);

const { definitions, groups } = loadServiceData();
const files = readdirSync(join(DATA_DIR, 'calendars'))
  .filter((file) => file.endsWith('.json'))
  .sort();
const nameGroups = new NameGroups(groups);

const checkFile = (calendar: CalendarDefinition, fileName: string, label: string): void => {
  problems.push(
    ...[...calendarProblems(calendar, fileName), ...nameFormProblems(calendar)]
      .slice(0, 20)
      .map((problem) => `${label}: ${problem}`),
  );
};
definitions.forEach((calendar, index) => checkFile(calendar, files[index] as string, files[index] as string));
// Drafts are calendars not yet complete enough to publish (data/README.md says why): checked, never loaded.
const draftsDir = join(DATA_DIR, 'drafts');
const drafts = existsSync(draftsDir)
  ? readdirSync(draftsDir)
      .filter((file) => file.endsWith('.json'))
      .sort()
  : [];
for (const fileName of drafts) {
  const draft = JSON.parse(readFileSync(join(draftsDir, fileName), 'utf8')) as CalendarDefinition;
  checkFile(draft, fileName, `drafts/${fileName}`);
}
const slugs = definitions.map((calendar) => calendar.slug);
if (new Set(slugs).size !== slugs.length) problems.push('two calendars share a slug');

// nameEn: decided for every name, by transliteration tables or by the groups (else null, by rule).
let withoutEnglish = 0;
for (const calendar of definitions) {
  const language = calendar.languages[0];
  const names = [
    ...Object.values(calendar.days).flatMap((day) => day.names),
    ...calendar.movable.flatMap((entry) => entry.names ?? []),
  ];
  for (const name of new Set(names)) {
    const script = scriptOf(name);
    if (script === 'greek' || script === 'cyrillic') {
      const system = systemForLanguage(language, script);
      if (!isFullyTransliterated(name, system))
        problems.push(`${calendar.slug}: ${name} has letters outside the ${system} table`);
    } else if (nameEnOf(name, language, nameGroups, calendar.country) === null) {
      withoutEnglish += 1;
    }
  }
}

// Groups: an English form, two forms at least, and no form in two groups once folded.
const owner = new Map<string, string>();
for (const group of groups) {
  if (!group.en || group.forms.length < 2) problems.push(`group ${group.en}: needs en and two forms`);
  for (const form of new Set([group.en, ...group.forms].map(foldName))) {
    const previous = owner.get(form);
    if (previous && previous !== group.en) problems.push(`groups: "${form}" is in ${previous} and ${group.en}`);
    owner.set(form, group.en);
  }
  // A country form is the name only in that country's calendars: one group per country and form, and
  // never a form the group already has everywhere.
  for (const [country, forms] of Object.entries(group.countryForms ?? {})) {
    if (!(country in COUNTRY_NAMES)) problems.push(`group ${group.en}: "${country}" is not a country of the service`);
    for (const form of new Set(forms.map(foldName))) {
      const key = `${country} ${form}`;
      const previous = owner.get(key);
      if (previous && previous !== group.en) problems.push(`groups: "${form}" is in ${previous} and ${group.en} in ${country}`);
      if ([group.en, ...group.forms].some((general) => foldName(general) === form))
        problems.push(`group ${group.en}: "${form}" is already one of its forms everywhere`);
      owner.set(key, group.en);
    }
  }
}

const rows = coverageRows(definitions, COVERAGE_YEAR);
const table = coverageMarkdown(rows, COVERAGE_YEAR);
const missing = Object.keys(COUNTRY_NAMES).filter((code) => !definitions.some((calendar) => calendar.country === code));

const sourcesMarkdown = (calendars: readonly CalendarDefinition[]): string =>
  [...calendars]
    .sort((a, b) => a.country.localeCompare(b.country) || a.slug.localeCompare(b.slug))
    .map((calendar) =>
      [
        `### \`${calendar.slug}\`: ${calendar.calendarName}`,
        '',
        ...calendar.sources.map((source) => `- ${source.title}: <${source.url}>`),
      ].join('\n'),
    )
    .join('\n\n');

/** Replaces or checks the text between `<!-- name:start -->` and `<!-- name:end -->` in a file. */
const generatedSection = (file: string, name: string, content: string): void => {
  const path = join(DATA_DIR, file);
  const text = readFileSync(path, 'utf8');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const [before, rest] = text.split(start);
  const after = rest?.split(end)[1];
  if (before === undefined || after === undefined) {
    problems.push(`${file}: markers ${start} … ${end} missing`);
    return;
  }
  const updated = `${before}${start}\n${content}\n${end}${after}`;
  if (write) writeFileSync(path, updated);
  else if (updated !== text) problems.push(`${file}: the ${name} section is out of date; run npm run data:check -- --write`);
};
generatedSection('README.md', 'coverage', table);
generatedSection('SOURCES.md', 'sources', sourcesMarkdown(definitions));

report(table);
report('');
report(
  `${definitions.length} calendars, ${groups.length} name groups; ${withoutEnglish} Latin-script names have no English form (nameEn null).`,
);
if (missing.length > 0) report(`Countries without a calendar yet: ${missing.join(', ')}`);
if (drafts.length > 0) report(`Drafts checked, not published: ${drafts.join(', ')}`);
if (problems.length > 0) {
  process.stderr.write(`\n${problems.length} problem(s):\n${problems.slice(0, 200).join('\n')}\n`);
  process.exit(1);
}
report('Data check passed.');
