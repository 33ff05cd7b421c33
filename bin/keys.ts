import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ApiGatewayKeys } from '../lambda/adapters/aws/api-gateway-keys';
import { deployedStackFrom, describeDeployedStack, type DeployedStack } from '../lambda/adapters/aws/stack-outputs';
import { describeFailure, parseArgs, runKeysCommand, type ParsedArgs } from '../lambda/adapters/cli/keys-command';
import { DynamoDbApiKeyRepository } from '../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { createDocumentClient } from '../lambda/adapters/dynamodb/document-client';
import { systemClock } from '../lambda/adapters/system-clock';
import { FeedTokens } from '../lambda/core/access/feed-tokens';
import { KeyAdmin } from '../lambda/core/access/key-admin';
import { localServerUrl, openLocalStore } from '../local/local-store-target';
import { loadServiceData } from '../lambda/adapters/data-files/service-data';
import { DynamoDbNamedayRepository } from '../lambda/adapters/dynamodb/dynamodb-nameday-repository';
import { DynamoDbNameIndexRepository } from '../lambda/adapters/dynamodb/dynamodb-name-index-repository';
import { CalendarCatalog } from '../lambda/core/calendar/catalog';
import { shapeOf } from '../lambda/core/calendar/calendar';
import type { NameSources } from '../lambda/core/feeds/people';
import { cachedCatalog } from '../lambda/handlers/service-deps';

/** `npm run keys -- …`: issue, list, revoke and rotate keys, locally or on a deployed stack. */
const deployedTarget = async (args: ParsedArgs): Promise<DeployedStack | undefined> => {
  const region = args.options.region;
  if (args.options.outputs) {
    const byStack = JSON.parse(readFileSync(args.options.outputs, 'utf8')) as Record<string, Record<string, string>>;
    return deployedStackFrom(Object.assign({}, ...Object.values(byStack)) as Record<string, string>);
  }
  if (args.options.stack) return describeDeployedStack(new CloudFormationClient({ region }), args.options.stack);
  return undefined;
};

/** On a deployed stack, feeds that need no name search (a country, a calendar, a search) are made here too. */
const deployedNames = (args: ParsedArgs): NameSources | undefined => {
  if (args.command === 'feed-edit' || args.options.people !== undefined) {
    throw new Error('On a deployed stack, make and edit people feeds in the dashboard (its portal searches the calendars)');
  }
  return {
    catalog: () => Promise.resolve(new CalendarCatalog(loadServiceData().definitions.map(shapeOf))),
    nameIndex: { findByPrefix: () => Promise.resolve([]) },
  };
};

const main = async () => {
  const args = parseArgs(process.argv.slice(2));
  const deployed = await deployedTarget(args);
  if (deployed) {
    const region = args.options.region;
    const client = createDocumentClient({ region });
    const gateway = new ApiGatewayKeys(new APIGatewayClient({ region }), {
      free: deployed.freeUsagePlanId,
      paid: deployed.paidUsagePlanId,
    });
    const keys = new DynamoDbApiKeyRepository(client, deployed.apiKeysTable);
    const admin = new KeyAdmin(keys, systemClock, gateway);
    // The stack's outputs do not name the calendar tables: people feeds are made in the dashboard there.
    process.stdout.write(
      `${await runKeysCommand(args, admin, new FeedTokens(keys, keys, systemClock), deployedNames(args), deployed.apiUrl)}\n`,
    );
    client.destroy();
    return;
  }
  const dataDir = resolve(process.env.NAMEDAY_DATA_DIR ?? '.nameday');
  const store = await openLocalStore(dataDir);
  try {
    const keys = new DynamoDbApiKeyRepository(store.client, store.tables.apiKeys);
    const admin = new KeyAdmin(keys, systemClock);
    const { version } = loadServiceData();
    const namedays = new DynamoDbNamedayRepository(store.client, store.tables.namedays, version);
    const names = {
      catalog: cachedCatalog(async () => new CalendarCatalog(await namedays.loadCatalog())),
      nameIndex: new DynamoDbNameIndexRepository(store.client, store.tables.nameIndex, version),
    };
    process.stdout.write(
      `${await runKeysCommand(args, admin, new FeedTokens(keys, keys, systemClock), names, localServerUrl(dataDir))}\n`,
    );
  } finally {
    await store.close();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`${describeFailure(error)}\n`);
  process.exit(1);
});
