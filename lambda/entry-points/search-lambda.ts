import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { lambdaServiceDeps } from './lambda-composition-root';
import { makeSearchHandler } from '../handlers/search-handler';

let handle: ReturnType<typeof makeSearchHandler> | undefined;

/** Lambda entry point of the search function. */
export const handler = (event: APIGatewayProxyEvent, context: Context) => {
  handle ??= makeSearchHandler(lambdaServiceDeps(['namedays', 'nameIndex', 'apiKeys']));
  return handle(event, context);
};
