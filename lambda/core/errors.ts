/** Errors that carry a client-facing status and message; anything else is an internal failure. */
export abstract class ApiError extends Error {
  abstract readonly statusCode: number;
  abstract readonly title: string;
}

export class ValidationError extends ApiError {
  readonly statusCode = 400;
  readonly title = 'Bad Request';
}

export class UnauthorizedError extends ApiError {
  readonly statusCode = 401;
  readonly title = 'Unauthorized';
  constructor() {
    super('Invalid or missing API key');
  }
}

export class RouteNotFoundError extends ApiError {
  readonly statusCode = 404;
  readonly title = 'Not Found';
  constructor() {
    super('Route not found');
  }
}

export class MethodNotAllowedError extends ApiError {
  readonly statusCode = 405;
  readonly title = 'Method Not Allowed';
  constructor() {
    super('Method not allowed. Use GET');
  }
}

/** A refusal that still tells the client its standing, in headers. */
abstract class LimitError extends ApiError {
  constructor(
    message: string,
    readonly headers: Record<string, string>,
  ) {
    super(message);
  }
}

export class QuotaExceededError extends LimitError {
  readonly statusCode = 402;
  readonly title = 'Payment Required';
  constructor(headers: Record<string, string>) {
    super('Monthly quota exceeded. Please upgrade your plan.', headers);
  }
}

export class RateLimitedError extends LimitError {
  readonly statusCode = 429;
  readonly title = 'Too Many Requests';
  constructor(headers: Record<string, string>) {
    super('Rate limit exceeded. Retry after 60 seconds.', headers);
  }
}

export { LimitError };

/** The store is overloaded or unreachable: the client may retry after `retryAfterSeconds`. */
export class StoreUnavailableError extends ApiError {
  readonly statusCode = 503;
  readonly title = 'Service Unavailable';
  constructor(
    readonly retryAfterSeconds = 1,
    options?: ErrorOptions,
  ) {
    super('Service temporarily unavailable. Please retry.', options);
  }
}
