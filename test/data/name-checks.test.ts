import { nameProblems } from '../../scripts/data-name-checks';
import { realCalendars, syntheticCalendar } from '../support/calendars';

describe('names that are not names (npm run data:check)', () => {
  it('finds a day label, a feast and a number among the names', () => {
    const calendar = syntheticCalendar({
      days: {
        '05-22': { names: ['Emīlija', 'Visu neparasto un kalendāros neierakstīto vārdu diena'] },
        '06-24': { names: ['Jānis', 'Jāņi'], feasts: ['Jāņi'] },
        '07-01': { names: ['Imants 2'] },
      },
      movable: [{ id: 'easter', rule: { kind: 'easter', reckoning: 'western', offset: 0 }, names: ['Easter'], feasts: ['Easter'] }],
    });
    expect(nameProblems(calendar)).toEqual([
      'Visu neparasto un kalendāros neierakstīto vārdu diena: a phrase, not a name',
      'Jāņi: a feast of the calendar given as a name',
      'Imants 2: a name with a digit',
      'Easter: a feast of the calendar given as a name',
    ]);
  });

  it('finds none in the published calendars', () => {
    expect(realCalendars.flatMap((calendar) => nameProblems(calendar).map((problem) => `${calendar.slug}: ${problem}`))).toEqual([]);
  });
});
