import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ApiGatewayKeys, usagePlansOfStage } from '../adapters/aws/api-gateway-keys';
import { CognitoAccounts } from '../adapters/cognito/cognito-accounts';
import { cognitoSessionVerifier } from '../adapters/cognito/session-verifier';
import { DynamoDbApiKeyRepository } from '../adapters/dynamodb/dynamodb-api-key-repository';
import { DynamoDbNameIndexRepository } from '../adapters/dynamodb/dynamodb-name-index-repository';
import { DynamoDbNamedayRepository } from '../adapters/dynamodb/dynamodb-nameday-repository';
import { MemoizedNameIndexReader } from '../adapters/memory/memoized-readers';
import { CalendarCatalog } from '../core/calendar/catalog';
import { cachedCatalog } from '../handlers/service-deps';
import { dashboardPageFrom } from '../adapters/http/dashboard-page';
import { referencePageFrom, type ReferenceFile } from '../adapters/http/reference-page';
import type { Logger } from '../adapters/logger';
import type { Limits } from '../contract';
import { AccountKeys } from '../core/access/account-keys';
import { KeyAdmin } from '../core/access/key-admin';
import { FeedTokens } from '../core/access/feed-tokens';
import type { Clock } from '../core/shared/clock';
import type { PortalDeps } from '../handlers/portal-handler';
import type { PortalSettings } from '../adapters/environment';

/** The portal's dependencies, the same on both hosts but for the clients and settings each passes in. */
export const createPortalDeps = (input: {
  settings: PortalSettings;
  cognito: CognitoIdentityProviderClient;
  store: DynamoDBDocumentClient;
  apiKeysTable: string;
  /** The calendars and the name index of the data version served: people feeds are searched for in them. */
  names: { namedaysTable: string; nameIndexTable: string; dataVersion: string };
  apiGateway?: APIGatewayClient;
  /** Where the reference page's files are: the repository's places locally, one directory beside the bundle on AWS. */
  referenceFiles: Readonly<Record<ReferenceFile, string>>;
  limits: Limits;
  clock: Clock;
  logger: Logger;
}): PortalDeps => {
  const { settings } = input;
  const gateway =
    input.apiGateway && settings.apiStage
      ? new ApiGatewayKeys(
          input.apiGateway,
          usagePlansOfStage(input.apiGateway, settings.apiStage.restApiId, settings.apiStage.stage),
        )
      : undefined;
  const repository = new DynamoDbApiKeyRepository(input.store, input.apiKeysTable);
  const admin = new KeyAdmin(repository, input.clock, gateway);
  const namedays = new DynamoDbNamedayRepository(input.store, input.names.namedaysTable, input.names.dataVersion);
  const names = {
    catalog: cachedCatalog(async () => new CalendarCatalog(await namedays.loadCatalog())),
    nameIndex: new MemoizedNameIndexReader(
      new DynamoDbNameIndexRepository(input.store, input.names.nameIndexTable, input.names.dataVersion),
    ),
  };
  return {
    accounts: new CognitoAccounts(input.cognito, {
      userPoolId: settings.userPoolId,
      clientId: settings.clientId,
      confirmAtSignUp: settings.confirmAtSignUp,
    }),
    sessions: cognitoSessionVerifier({
      issuerBase: settings.issuerBase,
      userPoolId: settings.userPoolId,
      clientId: settings.clientId,
    }),
    keys: new AccountKeys(
      admin,
      new FeedTokens(repository, repository, input.clock),
      repository,
      input.clock,
      input.limits,
      names,
    ),
    page: dashboardPageFrom(settings.pageDirectory),
    reference: referencePageFrom(input.referenceFiles),
    logger: input.logger,
    clock: input.clock,
  };
};
