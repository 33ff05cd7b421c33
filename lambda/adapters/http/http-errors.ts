import { ERRORS } from '../../contract';
import { ServiceError } from '../../core/shared/errors';

/** No route at this path: an HTTP concern, answered by the gateway (API Gateway or the local one). */
export class RouteNotFoundError extends ServiceError {
  constructor() {
    super(ERRORS.routeNotFound.message);
  }
}

/** A known path asked with a method other than GET or HEAD. */
export class MethodNotAllowedError extends ServiceError {
  constructor() {
    super(ERRORS.methodNotAllowed.message);
  }
}
