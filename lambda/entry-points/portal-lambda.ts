import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { join } from 'node:path';
import { traceAwsClient } from '../adapters/aws/tracing';
import { createDocumentClient } from '../adapters/dynamodb/document-client';
import { dataVersionFromEnv, limitsFromEnv, portalSettingsFromEnv, tableNamesFromEnv } from '../adapters/environment';
import { createLogger } from '../adapters/logger';
import { systemClock } from '../adapters/system-clock';
import { makePortalHandler } from '../handlers/portal-handler';
import { referenceFilesIn } from '../adapters/http/reference-page';
import { createPortalDeps } from './portal-composition';

let handle: ReturnType<typeof makePortalHandler> | undefined;

/** Lambda entry point of the dashboard's portal function; its pages' files are copied beside the bundle. */
export const handler = (event: APIGatewayProxyEvent, context: Context) => {
  handle ??= makePortalHandler(
    createPortalDeps({
      settings: portalSettingsFromEnv(process.env, join(process.env.LAMBDA_TASK_ROOT ?? '.', 'dashboard')),
      cognito: traceAwsClient(new CognitoIdentityProviderClient({})),
      store: createDocumentClient({}, traceAwsClient),
      apiKeysTable: tableNamesFromEnv(process.env, ['apiKeys']).apiKeys as string,
      names: {
        namedaysTable: tableNamesFromEnv(process.env, ['namedays']).namedays as string,
        nameIndexTable: tableNamesFromEnv(process.env, ['nameIndex']).nameIndex as string,
        dataVersion: dataVersionFromEnv(process.env),
      },
      apiGateway: traceAwsClient(new APIGatewayClient({})),
      referenceFiles: referenceFilesIn(join(process.env.LAMBDA_TASK_ROOT ?? '.', 'docs')),
      limits: limitsFromEnv(process.env),
      clock: systemClock,
      logger: createLogger(),
    }),
  );
  return handle(event, context);
};
