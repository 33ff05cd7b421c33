import { ALLOW_HEADER, ALLOWED_METHODS, ERRORS } from '../../contract';
import { ServiceError } from '../../core/shared/errors';

/** No route at this path: an HTTP concern, answered by the gateway (API Gateway or the local one). */
export class RouteNotFoundError extends ServiceError {
  constructor() {
    super(ERRORS.routeNotFound.message);
  }
}

/** A known path asked with a method it does not answer: GET or HEAD on the API, the route's own on the portal. */
export class MethodNotAllowedError extends ServiceError {
  readonly allow: string;

  constructor(allowed: readonly string[] = ALLOWED_METHODS) {
    const allow = allowed.join(', ');
    super(allow === ALLOW_HEADER ? ERRORS.methodNotAllowed.message : `Method not allowed. Use ${allowed.join(' or ')}`);
    this.allow = allow;
  }
}

/** A body larger than the route reads. */
export class PayloadTooLargeError extends ServiceError {
  constructor() {
    super(ERRORS.payloadTooLarge.message);
  }
}
