import { ValidationError } from '../shared/errors';
import { passwordProblem } from './password-policy';

/** Wide enough for any address people use; the pool checks it again and sends the code to it. */
const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;
const MAX_LABEL_LENGTH = 64;

/**
 * What the dashboard shows beside a field when it is missing: written for the person at the form, as
 * the page checks the same rules before it sends.
 */
const MISSING: Readonly<Record<string, string>> = {
  email: 'Enter your email address',
  password: 'Enter your password',
  newPassword: 'Enter a new password',
  currentPassword: 'Enter your current password',
  code: 'Enter the code from the email',
};

const text = (body: Record<string, unknown>, field: string): string => {
  const value = body[field];
  if (typeof value !== 'string' || value === '') throw new ValidationError(MISSING[field] ?? `Missing ${field}`);
  return value;
};

export const emailFrom = (body: Record<string, unknown>): string => {
  const email = text(body, 'email').trim().toLowerCase();
  if (!EMAIL_SHAPE.test(email)) throw new ValidationError('Enter an email address like name@example.com');
  return email;
};

/**
 * A new password, by NIST SP 800-63B: length (not character classes), any printable Unicode, and not a
 * commonly used or breached one; checked alike on both hosts, before the pool checks its length again.
 */
export const passwordFrom = (body: Record<string, unknown>): string => {
  const password = text(body, 'password');
  const problem = passwordProblem(password);
  if (problem) throw new ValidationError(problem);
  return password;
};

/** A password the person is asked to confirm: any length, as the account may predate today's policy. */
export const currentPasswordFrom = (body: Record<string, unknown>, field = 'currentPassword'): string => text(body, field);

export const codeFrom = (body: Record<string, unknown>): string => {
  const code = text(body, 'code').trim();
  if (!/^\d{6}$/.test(code)) throw new ValidationError('Enter the 6 digits from the email');
  return code;
};

export const refreshTokenFrom = (body: Record<string, unknown>): string => text(body, 'refreshToken');

/** An optional label: printable text, at most 64 characters; shown back as text, never as HTML. */
export const labelFrom = (body: Record<string, unknown>): string | undefined => {
  const value = body.label;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ValidationError('label must be text');
  const label = value.trim();
  if (label.length > MAX_LABEL_LENGTH) throw new ValidationError(`label is at most ${MAX_LABEL_LENGTH} characters`);
  if (/\p{Cc}/u.test(label)) throw new ValidationError('label must not contain control characters');
  return label === '' ? undefined : label;
};
