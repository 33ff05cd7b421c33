import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { lambdaServiceDeps } from './lambda-runtime';
import { makeListingHandler } from './listing-handler';

let handle: ReturnType<typeof makeListingHandler> | undefined;

/** Lambda entry point of the listing function. */
export const handler = (event: APIGatewayProxyEvent, context: Context) => {
  handle ??= makeListingHandler(lambdaServiceDeps());
  return handle(event, context);
};
