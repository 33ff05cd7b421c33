import { ERRORS } from '../../contract';
import type { LimitStanding } from '../access/usage-windows';

/**
 * Failures a client is told about, with a message meant for it; anything else is an internal failure.
 * The HTTP adapter's error mapper decides how each one answers.
 */
export abstract class ServiceError extends Error {}

/** The request's parameters are wrong; the message says how. */
export class ValidationError extends ServiceError {}

export class UnauthorizedError extends ServiceError {
  constructor() {
    super(ERRORS.unauthorized.message);
  }
}

/** A refusal by the key's limits, which still tells the client where it stands. */
export abstract class LimitError extends ServiceError {
  constructor(
    message: string,
    readonly standing: LimitStanding,
  ) {
    super(message);
  }
}

export class QuotaExceededError extends LimitError {
  constructor(standing: LimitStanding) {
    super(ERRORS.quotaExceeded.message, standing);
  }
}

export class RateLimitedError extends LimitError {
  constructor(
    standing: LimitStanding,
    readonly retryAfterSeconds: number,
  ) {
    super(ERRORS.rateLimited.message, standing);
  }
}

/** The store is overloaded or unreachable: the client may retry after `retryAfterSeconds`. */
export class StoreUnavailableError extends ServiceError {
  constructor(
    readonly retryAfterSeconds = 1,
    options?: ErrorOptions,
  ) {
    super(ERRORS.storeUnavailable.message, options);
  }
}

/** The thing asked for is not there, or not the caller's: both answer alike, so ids leak nothing. */
export class NotFoundError extends ServiceError {}

/** The request is understood and refused for a reason the message gives (an unconfirmed account). */
export class ForbiddenError extends ServiceError {}

/** The request contradicts what exists (an account already there, a full set of keys). */
export class ConflictError extends ServiceError {}

/** A dashboard call without a valid session token. */
export class SessionRequiredError extends ServiceError {
  constructor(message: string = ERRORS.sessionRequired.message) {
    super(message);
  }
}

/** A password given to confirm a change (new password, closing the account) is not the account's. */
export class PasswordMismatchError extends ForbiddenError {
  constructor() {
    super("That password doesn't match your account");
  }
}
