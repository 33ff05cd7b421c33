import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { FeedRecord } from '../core/access/feed-tokens';
import { operationFor, operationsAt, allowedMethodsAt, type OperationsOf, type ServingFunction } from '../contract';
import { MethodNotAllowedError, RouteNotFoundError } from '../adapters/http/http-errors';

/** An operation's handler; on a feed route it gets the feed its token opened. */
export type OperationHandler = (event: APIGatewayProxyEvent, feed?: FeedRecord) => Promise<APIGatewayProxyResult>;

/** A function's handlers, one per operation the route table gives it: the compiler holds the two alike. */
export type DispatchMap<F extends ServingFunction> = Readonly<Record<OperationsOf<F>, OperationHandler>>;

/**
 * The request's operation, read from the route table by resource and method (HEAD as GET), and its
 * handler: a path the function does not serve is 404, a method the path does not answer 405.
 */
export const dispatch = <F extends ServingFunction>(handlers: DispatchMap<F>): OperationHandler => {
  const own = handlers as Readonly<Record<string, OperationHandler>>;
  return (event, feed) => {
    const operation = operationFor(event.resource, event.httpMethod);
    const handler = operation === undefined ? undefined : own[operation];
    if (handler) return handler(event, feed);
    if (!operationsAt(event.resource).some((other) => Object.hasOwn(own, other))) throw new RouteNotFoundError();
    throw new MethodNotAllowedError(allowedMethodsAt(event.resource));
  };
};
