import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalendarDefinition } from '../../lambda/core/calendar/calendar';
import {
  agreedNames,
  deepenWithDatasets,
  isWellFormedGreekName,
  type DatedGroup,
  type DayNames,
} from '../../scripts/data-greek-forms';
import { namesOn, realCalendar, syntheticCalendar } from '../support/calendars';

const reference = <T>(dataset: string, file: string): T =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'data', 'reference', dataset, file), 'utf8')) as T;

describe('Greek and Cypriot name days carry the forms people are called by', () => {
  it.each(['greek-orthodox', 'cypriot-orthodox'])('%s gives the everyday and short forms with the saint’s name', (slug) => {
    expect(namesOn(slug, '2026-01-17')).toEqual(expect.arrayContaining(['Αντώνιος', 'Αντώνης', 'Αντωνούλα']));
    expect(namesOn(slug, '2026-08-15')).toEqual(expect.arrayContaining(['Παναγιώτης', 'Πάνος', 'Τάκης']));
  });

  it('keeps each day’s main name first', () => {
    expect(namesOn('greek-orthodox', '2026-01-01')[0]).toBe('Βασίλειος');
    expect(namesOn('greek-orthodox', '2026-01-17')[0]).toBe('Αντώνιος');
  });

  // The files are what the build makes of the vendored datasets: building again adds nothing.
  it.each(['greek-orthodox', 'cypriot-orthodox'])('%s is the build’s fixed point over the vendored datasets', (slug) => {
    const groups = ['gr-alexstyl', 'gr-el-name-tools'].flatMap((dataset) => reference<DatedGroup[]>(dataset, 'groups.json'));
    const agreed = agreedNames(reference<DayNames>('gr-alexstyl', 'days.json'), reference<DayNames>('gr-el-name-tools', 'days.json'));
    const calendar = structuredClone<CalendarDefinition>(realCalendar(slug));
    expect(deepenWithDatasets(calendar, groups, agreed).added).toBe(0);
  });
});

describe('the rules that take Greek names from the datasets', () => {
  it('takes a name only in Greek letters and with its accent', () => {
    expect(isWellFormedGreekName('Άλκης')).toBe(true);
    expect(isWellFormedGreekName('Λωτ')).toBe(true);
    expect(isWellFormedGreekName('Αλκης')).toBe(false);
    expect(isWellFormedGreekName('Γερoντιος')).toBe(false);
  });

  it('adds the forms of an entry that meets the day, and the names both datasets give a day, after the day’s names', () => {
    const calendar = syntheticCalendar({
      languages: ['el'],
      days: { '01-17': { names: ['Αντώνιος'] }, '02-10': { names: ['Χαράλαμπος'] } },
    });
    const groups: DatedGroup[] = [
      ['01-17', ['Αντώνης', 'Αντωνία', 'Αντώνιος']],
      ['01-17', ['Τόνια', 'Αντωνία']],
      ['01-18', ['Αθανάσιος', 'Θανάσης']],
      ['02-10', ['Αλκης', 'Χάρης']],
    ];
    const agreed = agreedNames({ '03-13': ['Λέανδρος', 'Μάριος'] }, { '03-13': ['Λέανδρος'] });
    const result = deepenWithDatasets(calendar, groups, agreed);
    expect(calendar.days['01-17']?.names).toEqual(['Αντώνιος', 'Αντώνης', 'Αντωνία', 'Τόνια']);
    expect(calendar.days['01-18']).toBeUndefined();
    expect(calendar.days['02-10']?.names).toEqual(['Χαράλαμπος']);
    expect(calendar.days['03-13']?.names).toEqual(['Λέανδρος']);
    expect(result.added).toBe(4);
    expect(deepenWithDatasets(calendar, groups, agreed).added).toBe(0);
  });
});
