// (portal: sign-up, password changes) --> the password policy of NIST SP 800-63B section 3.1.1.2
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '../../contract';

/** Long enough for any passphrase; the user pool's own limit is 256 as well. */
export const PASSWORD_MAX_LENGTH = 256;

/*
 * The list of commonly used and breached passwords: zxcvbn-ts's common list (about 49,000 passwords,
 * MIT), compared without regard to case, as NIST asks ("values known to be commonly used, expected,
 * or compromised"). Built once per process.
 */
let common: Set<string> | undefined;
const commonPasswords = (): Set<string> =>
  (common ??= new Set(dictionary['passwords-common'].map((password) => password.toLowerCase())));

/** Words of this service a person might build a password from ("context-specific words" in NIST's list). */
const SERVICE_WORDS = new Set(['nameday', 'namedays', 'namedaylookup', 'namedaylookupservice', 'namedayservice', 'namedayapi']);

/**
 * Why a password is refused, or undefined when it may be used. Length is counted in Unicode code points,
 * so any printable character (an accented letter, a Greek word, an emoji) counts as one.
 */
export const passwordProblem = (password: string): string | undefined => {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use a password of at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `Use a password of at most ${PASSWORD_MAX_LENGTH} characters`;
  if (/[\p{Cc}\p{Cs}]/u.test(password)) return 'A password cannot contain control characters';
  if (/^\p{White_Space}+$/u.test(password)) return 'A password cannot be only spaces';
  return isGuessable(password.toLowerCase())
    ? 'This password is on a list of common or breached passwords: choose another'
    : undefined;
};

/**
 * On the list as it is, or a listed word with digits or symbols added at its end (the commonest way
 * people lengthen one: "password1234"), one character repeated, or the service's own name.
 */
const isGuessable = (folded: string): boolean => {
  const list = commonPasswords();
  const word = folded.replace(/[^\p{L}]+$/u, '');
  return (
    list.has(folded) ||
    (word.length >= 6 && list.has(word)) ||
    new Set(folded).size === 1 ||
    SERVICE_WORDS.has(folded.replace(/[^\p{L}]+/gu, ''))
  );
};
