/**
 * Official Latin transliterations of Greek and Cyrillic names, one per country's own system:
 * Greek ELOT 743 (as in Greek passports), Bulgarian Streamlined System (2009 Transliteration Act),
 * Ukrainian national system (Cabinet resolution 55 of 2010), Russian passport system (ICAO 9303, used
 * in Russian passports since 2013). Each works word by word on lower case and restores an initial
 * capital where the name had one.
 */

export type TransliterationSystem = 'elot-743' | 'bg-streamlined' | 'uk-2010' | 'ru-icao';

const GREEK_LETTERS: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};
const GREEK_VOICELESS = new Set(['θ', 'κ', 'ξ', 'π', 'σ', 'ς', 'τ', 'φ', 'χ', 'ψ']);
const GREEK_DIGRAPHS: Readonly<Record<string, string>> = {
  αι: 'ai',
  ει: 'ei',
  οι: 'oi',
  ου: 'ou',
  υι: 'yi',
  γγ: 'ng',
  γξ: 'nx',
  γχ: 'nch',
  γκ: 'gk',
  μπ: 'mp',
  ντ: 'nt',
};
const DIALYTIKA = '\u0308';

const transliterateGreekWord = (word: string): string => {
  // Letters with their dialytika kept apart: a dialytika breaks a diphthong (Αϊ is a-i, not ai).
  const letters: Array<{ letter: string; dialytika: boolean }> = [];
  for (const char of word.normalize('NFD')) {
    if (char === DIALYTIKA && letters.length > 0) (letters[letters.length - 1] as { dialytika: boolean }).dialytika = true;
    else if (!/\p{M}/u.test(char)) letters.push({ letter: char, dialytika: false });
  }
  let out = '';
  for (let index = 0; index < letters.length; index += 1) {
    const current = letters[index] as { letter: string };
    const next = letters[index + 1];
    const pair = next && !next.dialytika ? current.letter + next.letter : '';
    if (pair && ['αυ', 'ευ', 'ηυ'].includes(pair)) {
      const after = letters[index + 2]?.letter;
      const voiceless = after === undefined || GREEK_VOICELESS.has(after);
      out += (GREEK_LETTERS[current.letter] as string) + (voiceless ? 'f' : 'v');
      index += 1;
    } else if (pair && GREEK_DIGRAPHS[pair]) {
      out += GREEK_DIGRAPHS[pair];
      index += 1;
    } else {
      out += GREEK_LETTERS[current.letter] ?? current.letter;
    }
  }
  return out;
};

const BULGARIAN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sht',
  ъ: 'a',
  ь: 'y',
  ю: 'yu',
  я: 'ya',
};

const transliterateBulgarianWord = (word: string): string =>
  // The Act's one contextual rule: a final -ия is -ia (Мария: Maria).
  word
    .replace(/ия$/u, '\u0000')
    .replace(/./gu, (letter) => BULGARIAN[letter] ?? letter)
    .replace('\u0000', 'ia');

const UKRAINIAN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
  ю: 'iu',
  я: 'ia',
  "'": '',
  '’': '',
  ʼ: '',
};
const UKRAINIAN_WORD_INITIAL: Readonly<Record<string, string>> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' };

const transliterateUkrainianWord = (word: string): string => {
  let out = '';
  const letters = [...word];
  letters.forEach((letter, index) => {
    if (index === 0 && UKRAINIAN_WORD_INITIAL[letter]) out += UKRAINIAN_WORD_INITIAL[letter];
    else if (letter === 'г' && letters[index - 1] === 'з') out += 'gh';
    else out += UKRAINIAN[letter] ?? letter;
  });
  return out;
};

const RUSSIAN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: 'ie',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
};

const transliterateRussianWord = (word: string): string => [...word].map((letter) => RUSSIAN[letter] ?? letter).join('');

const WORD_TRANSLITERATORS: Readonly<Record<TransliterationSystem, (word: string) => string>> = {
  'elot-743': transliterateGreekWord,
  'bg-streamlined': transliterateBulgarianWord,
  'uk-2010': transliterateUkrainianWord,
  'ru-icao': transliterateRussianWord,
};

const capitalize = (word: string): string => (word ? word[0]!.toUpperCase() + word.slice(1) : word);

/** The name in Latin letters by `system`, capitalized as the original; other characters kept. */
export const transliterate = (name: string, system: TransliterationSystem): string =>
  name
    .split(/([\s-]+)/u)
    .map((part) => {
      if (/^[\s-]*$/u.test(part)) return part;
      const latin = WORD_TRANSLITERATORS[system](part.toLowerCase());
      return part[0] !== part[0]!.toLowerCase() ? capitalize(latin) : latin;
    })
    .join('');

/** The system a calendar's language uses for its Greek or Cyrillic names. */
export const systemForLanguage = (language: string | undefined, script: 'greek' | 'cyrillic'): TransliterationSystem => {
  if (script === 'greek') return 'elot-743';
  if (language === 'bg') return 'bg-streamlined';
  if (language === 'uk') return 'uk-2010';
  return 'ru-icao';
};

/** Whether every letter of a Greek or Cyrillic name is covered by the system's table. */
export const isFullyTransliterated = (name: string, system: TransliterationSystem): boolean =>
  !/[\p{Script=Greek}\p{Script=Cyrillic}]/u.test(transliterate(name, system));
