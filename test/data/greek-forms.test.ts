import { namesOn } from '../support/calendars';

describe('Greek and Cypriot name days carry the forms people are called by', () => {
  it.each(['greek-orthodox', 'cypriot-orthodox'])('%s gives the everyday and short forms with the saint’s name', (slug) => {
    expect(namesOn(slug, '2026-01-17')).toEqual(expect.arrayContaining(['Αντώνιος', 'Αντώνης', 'Αντωνούλα']));
    expect(namesOn(slug, '2026-08-15')).toEqual(expect.arrayContaining(['Παναγιώτης', 'Πάνος', 'Τάκης']));
  });

  it('keeps each day’s main name first', () => {
    expect(namesOn('greek-orthodox', '2026-01-01')[0]).toBe('Βασίλειος');
    expect(namesOn('greek-orthodox', '2026-01-17')[0]).toBe('Αντώνιος');
  });
});
