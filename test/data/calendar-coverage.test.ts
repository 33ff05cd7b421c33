import { materializeYear } from '../../lambda/core/calendar/materialize';
import { daysWithNames, entriesOn, namesOn, realCalendar as calendar } from '../support/calendars';

describe('calendar coverage as the people of each country know it', () => {
  // The press and open datasets name people on about 186 days; 175 are confirmed by two references so far
  // (data/SOURCES.md). A smaller count means confirmed days were lost.
  it('names people in Bulgaria on the 175 days of 2026 that two references confirm', () => {
    expect(daysWithNames('bulgarian-orthodox', 2026)).toBeGreaterThanOrEqual(175);
  });

  // Partial: only entries a public page dates as the Evangelical commemoration (data/SOURCES.md). Fewer means lost days.
  it('names people in the German Protestant calendar on the 319 days of 2026 that references confirm', () => {
    expect(daysWithNames('german-protestant', 2026)).toBeGreaterThanOrEqual(319);
    expect(entriesOn('german-protestant', '2026-10-06').flatMap((entry) => entry.feasts)).toContain('William Tyndale, Bible translator and martyr');
  });

  // The Evangelical calendar moves a person off the death day when that day is taken; the first version of this
  // calendar used death days, and pages giving the Evangelical date moved these entries (data/SOURCES.md).
  it.each([
    ['2026-01-14', '2026-01-13', 'George Fox, founder of the Quakers'],
    ['2026-01-29', '2026-01-28', 'Theophil Wurm, bishop of Württemberg'],
    ['2026-03-08', '2026-03-07', 'Saint Thomas Aquinas, Doctor of the Church'],
    ['2026-05-06', '2026-05-05', 'Frederick the Wise, Elector of Saxony, protector of the Reformation'],
    ['2026-10-29', '2026-10-30', 'Henri Dunant, founder of the Red Cross'],
  ])('keeps the German Protestant commemoration on %s, not on the death day %s: %s', (date, deathDay, feast) => {
    const feastsOn = (day: string) => entriesOn('german-protestant', day).flatMap((entry) => entry.feasts);
    expect(feastsOn(date)).toContain(feast);
    expect(feastsOn(deathDay)).not.toContain(feast);
  });

  // Romania's great feasts are all in the calendar on their own dates; names are given where two references
  // support them (Sânziana on 24 June, the three saints on 30 January). The rest stay feast-only (data/SOURCES.md).
  it.each([
    ['2026-01-06', 'Theophany'],
    ['2026-01-30', 'Three Holy Hierarchs'],
    ['2026-03-25', 'Annunciation'],
    ['2027-06-10', 'Ascension of the Lord'],
    ['2026-06-24', 'Nativity of Saint John the Baptist'],
    ['2026-08-06', 'Transfiguration'],
    ['2026-08-29', 'Beheading of Saint John the Baptist'],
    ['2026-09-14', 'Exaltation of the Holy Cross'],
    ['2026-11-13', 'Saint John Chrysostom'],
    ['2026-11-21', 'Entry of the Theotokos into the Temple'],
  ])('keeps the Romanian feast on %s: %s', (date, feast) => {
    expect(entriesOn('romanian-orthodox', date).some((entry) => entry.feasts.some((name) => name.includes(feast)))).toBe(true);
  });

  it('names the three saints of the Three Holy Hierarchs on 30 January in Romania', () => {
    expect(namesOn('romanian-orthodox', '2026-01-30')).toEqual(expect.arrayContaining(['Vasile', 'Grigorie', 'Ioan']));
  });

  it('names the Sânziene of 24 June in Romania', () => {
    expect(namesOn('romanian-orthodox', '2026-06-24')).toContain('Sânziana');
  });

  it('names Матвей with the apostle whose day it is: Матфий on 22 August, Матфей on 29 November', () => {
    expect(namesOn('russian-orthodox', '2026-08-22')).toEqual(expect.arrayContaining(['Матфий', 'Матвей']));
    expect(namesOn('russian-orthodox', '2026-11-29')).toEqual(expect.arrayContaining(['Матфей', 'Матвей']));
    expect(namesOn('russian-orthodox', '2026-08-22')).not.toContain('Матфей');
  });

  it('names Лукьян with Лукиан only on the day of Lucian of Antioch, not on Lucillian\'s', () => {
    expect(namesOn('russian-orthodox', '2026-10-28')).toEqual(expect.arrayContaining(['Лукиан', 'Лукьян']));
    expect(namesOn('russian-orthodox', '2026-06-16')).toContain('Лукьян');
    expect(namesOn('russian-orthodox', '2026-06-16')).not.toContain('Лукиан');
  });

  // The saint's form beside the everyday one, as Γεώργιος beside Γιώργος: a day naming Ульяна names Иулиания too.
  // Матвей, Тарас and Лукьян are left out: their days are Матфей's or Матфий's, Тарасий's or Тарах's,
  // Лукиан's or Лукиллиан's.
  it.each([
    ['russian-orthodox', 'Иван', 'Иоанн'],
    ['russian-orthodox', 'Алексей', 'Алексий'],
    ['russian-orthodox', 'Татьяна', 'Татиана'],
    ['russian-orthodox', 'Наталья', 'Наталия'],
    ['russian-orthodox', 'Денис', 'Дионисий'],
    ['russian-orthodox', 'Фёдор', 'Феодор'],
    ['russian-orthodox', 'Сергей', 'Сергий'],
    ['russian-orthodox', 'Илья', 'Илия'],
    ['russian-orthodox', 'Дмитрий', 'Димитрий'],
    ['russian-orthodox', 'Юлия', 'Иулия'],
    ['russian-orthodox', 'Яков', 'Иаков'],
    ['russian-orthodox', 'Семён', 'Симеон'],
    ['russian-orthodox', 'Прасковья', 'Параскева'],
    ['russian-orthodox', 'Ульяна', 'Иулиания'],
    ['russian-orthodox', 'Антон', 'Антоний'],
    ['russian-orthodox', 'Захар', 'Захария'],
    ['russian-orthodox', 'Елизавета', 'Елисавета'],
    ['russian-orthodox', 'Пелагея', 'Пелагия'],
    ['russian-orthodox', 'Кузьма', 'Косма'],
    ['russian-orthodox', 'Демьян', 'Дамиан'],
    ['russian-orthodox', 'Степан', 'Стефан'],
    ['russian-orthodox', 'Дарья', 'Дария'],
    ['russian-orthodox', 'Макар', 'Макарий'],
    ['russian-orthodox', 'Ефим', 'Евфимий'],
    ['russian-orthodox', 'Емельян', 'Емилиан'],
    ['russian-orthodox', 'Кондрат', 'Кодрат'],
    ['russian-orthodox', 'Софья', 'София'],
    ['russian-orthodox', 'Агафья', 'Агафия'],
    ['ukrainian-orthodox', 'Іван', 'Іоанн'],
    ['ukrainian-orthodox', 'Михайло', 'Михаїл'],
    ['ukrainian-orthodox', 'Микола', 'Миколай'],
    ['ukrainian-orthodox', 'Федір', 'Феодор'],
    ['ukrainian-orthodox', 'Василь', 'Василій'],
    ['ukrainian-orthodox', 'Дмитро', 'Димитрій'],
  ])('%s names the church form beside %s on each of its days: %s', (slug, civil, church) => {
    const days = materializeYear(calendar(slug), 2026).filter((entry) => entry.names.includes(civil));
    expect(days.length).toBeGreaterThan(0);
    expect(days.filter((entry) => !entry.names.includes(church)).map((entry) => entry.date)).toEqual([]);
  });
});
