import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { lambdaServiceDeps } from './lambda-runtime';
import { makeSearchHandler } from './search-handler';

let handle: ReturnType<typeof makeSearchHandler> | undefined;

/** Lambda entry point of the search function. */
export const handler = (event: APIGatewayProxyEvent, context: Context) => {
  handle ??= makeSearchHandler(lambdaServiceDeps());
  return handle(event, context);
};
