import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { lambdaServiceDeps } from './lambda-composition-root';
import { makeListingHandler } from '../handlers/listing-handler';

let handle: ReturnType<typeof makeListingHandler> | undefined;

/** Lambda entry point of the listing function. */
export const handler = (event: APIGatewayProxyEvent, context: Context) => {
  handle ??= makeListingHandler(lambdaServiceDeps(['namedays', 'apiKeys']));
  return handle(event, context);
};
