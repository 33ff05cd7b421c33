/**
 * Folding makes the forms a user may type compare equal: case, diacritics and the letters that do
 * not decompose (ł, ø, đ, ß, æ, œ, þ, Sami ŋ…), Greek accents and final sigma, Cyrillic ё. Scripts stay as
 * they are; transliteration is a separate step.
 */

const LETTERS_WITHOUT_DECOMPOSITION: Readonly<Record<string, string>> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŀ: 'l',
  ŋ: 'n',
  ς: 'σ',
};

const COMBINING_MARKS = /\p{M}+/gu;
const SEPARATORS = /[\s\-‐‑‒–—_.,;:/'’ʼ`´]+/gu;
const NOT_A_LETTER_OR_DIGIT = /[^\p{L}\p{N} ]+/gu;

/** Lower case, no marks, separators as single spaces, everything else that is not a letter dropped. */
export const foldName = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/[łøđðßæœþıħŧŀŋς]/gu, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? letter)
    .replace(SEPARATORS, ' ')
    .replace(NOT_A_LETTER_OR_DIGIT, '')
    .replace(/ +/g, ' ')
    .trim();

/** Every word start of a folded form, as the text from there on: what a prefix search can match. */
export const wordStarts = (folded: string): string[] => {
  const starts: string[] = [];
  for (let index = 0; index < folded.length; index += 1) {
    if (index === 0 || folded[index - 1] === ' ') starts.push(folded.slice(index));
  }
  return starts;
};

export type Script = 'latin' | 'greek' | 'cyrillic' | 'other';

export const scriptOf = (text: string): Script => {
  if (/\p{Script=Greek}/u.test(text)) return 'greek';
  if (/\p{Script=Cyrillic}/u.test(text)) return 'cyrillic';
  if (/\p{Script=Latin}/u.test(text)) return 'latin';
  return 'other';
};
