import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNTRY_NAMES } from '../../../lambda/core/shared/countries';

const root = join(__dirname, '..', '..', '..');
const page = readFileSync(join(root, 'web', 'dashboard', 'index.html'), 'utf8');
const template = /<template id="place-options">([^]*?)<\/template>/.exec(page)?.[1] ?? '';
const choices = [...template.matchAll(/<option value="(country|calendar):([^"]+)">([^<]+)<\/option>/g)].map(
  ([, kind, value, text]) => ({ kind, value, text }),
);

describe("the dashboard's choices of what a feed shows", () => {
  it('offers every supported country, by its English name', () => {
    const countries = choices.filter((choice) => choice.kind === 'country');
    expect(Object.fromEntries(countries.map((choice) => [choice.value, choice.text]))).toEqual(COUNTRY_NAMES);
  });

  it('offers every published calendar, by its name and country', () => {
    const calendars = readdirSync(join(root, 'data', 'calendars'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.parse(readFileSync(join(root, 'data', 'calendars', file), 'utf8')) as Record<string, string>)
      .map((calendar) => ({ value: calendar.slug, text: `${calendar.calendarName} (${calendar.country})` }));
    const offered = choices.filter((choice) => choice.kind === 'calendar').map(({ value, text }) => ({ value, text }));
    expect(offered.sort((a, b) => String(a.value).localeCompare(String(b.value)))).toEqual(
      calendars.sort((a, b) => String(a.value).localeCompare(String(b.value))),
    );
  });
});
