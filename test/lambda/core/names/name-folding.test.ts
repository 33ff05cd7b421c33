import { foldName, scriptOf, wordStarts } from '../../../../lambda/core/names/name-folding';
import { isFullyTransliterated, transliterate, type TransliterationSystem } from '../../../../lambda/core/names/transliteration';

describe('foldName', () => {
  it.each([
    ['Jiří', 'jiri'],
    ['JÓZSEF', 'jozsef'],
    ['Mikołaj', 'mikolaj'],
    ['Søren', 'soren'],
    ['Đorđe', 'dorde'],
    ['Straße', 'strasse'],
    ['Ægir', 'aegir'],
    ['Œdipe', 'oedipe'],
    ['Þór', 'thor'],
    ['Iŋgá', 'inga'],
    ['Biđe', 'bide'],
    ['Γεώργιος', 'γεωργιοσ'],
    ['ΓΕΏΡΓΙΟΣ', 'γεωργιοσ'],
    ['Ευφροσύνη', 'ευφροσυνη'],
    ['Ϊάκωβος', 'ιακωβοσ'],
    ['Семён', 'семен'],
    ['Jean-Baptiste', 'jean baptiste'],
    ["D'Artagnan", 'd artagnan'],
    ['  Anna   Maria ', 'anna maria'],
    ['.*%😀', ''],
    ['\u200fJiri\u200e', 'jiri'],
  ])('folds %j to %j', (name, folded) => {
    expect(foldName(name)).toBe(folded);
  });

  it('lists every word start', () => {
    expect(wordStarts('jean baptiste marie')).toEqual(['jean baptiste marie', 'baptiste marie', 'marie']);
  });

  it('tells the script of a name', () => {
    expect(scriptOf('Jiří')).toBe('latin');
    expect(scriptOf('Γιώργος')).toBe('greek');
    expect(scriptOf('Іван')).toBe('cyrillic');
  });
});

describe('transliterate', () => {
  it.each<[string, TransliterationSystem, string]>([
    // ELOT 743
    ['Γεώργιος', 'elot-743', 'Georgios'],
    ['Ιωάννης', 'elot-743', 'Ioannis'],
    ['Ευάγγελος', 'elot-743', 'Evangelos'],
    ['Ευθύμιος', 'elot-743', 'Efthymios'],
    ['Παύλος', 'elot-743', 'Pavlos'],
    ['Χαράλαμπος', 'elot-743', 'Charalampos'],
    ['Αϊκατερίνη', 'elot-743', 'Aikaterini'],
    ['Ψυχή', 'elot-743', 'Psychi'],
    ['Θεόδωρος', 'elot-743', 'Theodoros'],
    ['Ξενοφών', 'elot-743', 'Xenofon'],
    ['Ουρανία', 'elot-743', 'Ourania'],
    ['Άγγελος', 'elot-743', 'Angelos'],
    ['Ντίνος', 'elot-743', 'Ntinos'],
    // Bulgarian Streamlined System
    ['Цветан', 'bg-streamlined', 'Tsvetan'],
    ['Мария', 'bg-streamlined', 'Maria'],
    ['Щерьо', 'bg-streamlined', 'Shteryo'],
    ['Йордан', 'bg-streamlined', 'Yordan'],
    ['Ъгъл', 'bg-streamlined', 'Agal'],
    ['Юлия', 'bg-streamlined', 'Yulia'],
    ['Жечка', 'bg-streamlined', 'Zhechka'],
    // Ukrainian national system (2010)
    ['Іван', 'uk-2010', 'Ivan'],
    ['Юрій', 'uk-2010', 'Yurii'],
    ['Олексій', 'uk-2010', 'Oleksii'],
    ['Згорани', 'uk-2010', 'Zghorany'],
    ['Євген', 'uk-2010', 'Yevhen'],
    ['Їжакевич', 'uk-2010', 'Yizhakevych'],
    ['Марія', 'uk-2010', 'Mariia'],
    ['Ганна', 'uk-2010', 'Hanna'],
    ['Андрій', 'uk-2010', 'Andrii'],
    // Russian passport system (ICAO 9303)
    ['Татьяна', 'ru-icao', 'Tatiana'],
    ['Иван', 'ru-icao', 'Ivan'],
    ['Андрей', 'ru-icao', 'Andrei'],
    ['Юрий', 'ru-icao', 'Iurii'],
    ['Щукин', 'ru-icao', 'Shchukin'],
    ['Подъячев', 'ru-icao', 'Podieiachev'],
    ['Пётр', 'ru-icao', 'Petr'],
    ['Анна-Мария', 'ru-icao', 'Anna-Mariia'],
  ])('%s by %s is %s', (name, system, latin) => {
    expect(transliterate(name, system)).toBe(latin);
    expect(isFullyTransliterated(name, system)).toBe(true);
  });
});
