import { passwordFrom } from '../../../../lambda/core/accounts/account-input';
import { passwordProblem } from '../../../../lambda/core/accounts/password-policy';
import { ValidationError } from '../../../../lambda/core/shared/errors';

const COMMON = 'This password is on a list of common or breached passwords: choose another';

describe('passwords by NIST SP 800-63B', () => {
  it.each([
    'correct horse battery staple',
    'Name days of my grandmother',
    'Γεώργιος γιορτάζει σήμερα',
    'Jiří slaví svátek 24. dubna',
    '🦔🦔🦔 hedgehog time 🦔',
    '名前の日はとても楽しいです',
    'sixteen letters',
  ])('takes %j: any printable Unicode, length counted in characters', (password) => {
    expect(passwordProblem(password)).toBeUndefined();
  });

  it.each([
    ['short', 'Use a password of at least 12 characters'],
    ['🦔🦔🦔🦔🦔🦔', 'Use a password of at least 12 characters'],
    ['x'.repeat(257), 'Use a password of at most 256 characters'],
    ['tab\tin the middle', 'A password cannot contain control characters'],
    ['new\nline in the password', 'A password cannot contain control characters'],
    ['              ', 'A password cannot be only spaces'],
    ['\u3000\u3000\u3000\u3000\u3000\u3000\u3000\u3000\u3000\u3000\u3000\u3000', 'A password cannot be only spaces'],
    ['password1234', COMMON],
    ['qwertyuiop123', COMMON],
    ['1q2w3e4r5t6y', COMMON],
    ['QWERTY123456', COMMON],
    ['baseball2026!!', COMMON],
    ['aaaaaaaaaaaaaaaa', COMMON],
    ['Nameday2026!', COMMON],
    ['name-day-lookup', COMMON],
  ])('refuses %j, saying why', (password, reason) => {
    expect(passwordProblem(password)).toBe(reason);
    expect(() => passwordFrom({ password })).toThrow(new ValidationError(reason));
  });
});
