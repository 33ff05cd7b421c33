import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadServiceData, type ServiceData } from '../lambda/adapters/data-files/service-data';
import { DynamoDbApiKeyRepository } from '../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { createLogger, type Logger } from '../lambda/adapters/logger';
import type { Clock } from '../lambda/core/shared/clock';
import { systemClock } from '../lambda/adapters/system-clock';
import type { Limits } from '../lambda/contract';
import { limitsFromEnv } from '../lambda/adapters/environment';
import type { ServingFunction } from '../lambda/contract';
import { makeListingHandler } from '../lambda/handlers/listing-handler';
import { makeSearchHandler } from '../lambda/handlers/search-handler';
import { KeyAdmin } from '../lambda/core/access/key-admin';
import { createServiceDeps } from '../lambda/handlers/service-deps';
import { startEmbeddedStore } from './embedded-store';
import { startLocalDashboard } from './local-dashboard';
import type { LocalUserPool } from './local-user-pool';
import { createGateway, type Exchange, type ProxyHandler } from './gateway';
import { createDemoKey, parseKeySpecs, provisionKeys } from './local-keys';
import { publishEndpoint, publishServerUrl, withdrawEndpoint, withdrawServerUrl } from './local-store-target';
import { ensureServiceData } from './seed';

export interface LocalServiceOptions {
  port: number;
  host?: string;
  /** Where the embedded store persists; in memory when absent. */
  dataDir?: string;
  /** NAMEDAY_KEYS syntax: "free:nd_live_…,paid:nd_live_…". */
  keys?: string;
  clock?: Clock;
  /** @default the environment's NAMEDAY_RATE_LIMIT_PER_MINUTE and NAMEDAY_FREE_MONTHLY_QUOTA, else the spec's */
  limits?: Limits;
  logger?: Logger;
  report?: (line: string) => void;
  /** @default the data under data/; tests that read a few calendars seed only those */
  data?: ServiceData;
  /**
   * Serve the customer dashboard at /dashboard, with its user pool in cognito-local (under `dataDir`).
   * @default false: the API's own tests need no user pool
   */
  dashboard?: boolean;
  /** How new accounts are confirmed: at once (no mail goes out locally) or by the code cognito-local logs. @default 'auto' */
  confirmSignUps?: 'auto' | 'code';
  /** Sees every answer the server sends (the tests check each against docs/openapi.yaml). */
  observe?: (exchange: Exchange) => void;
}

export interface LocalService {
  url: string;
  /** The local user pool, when the dashboard is served. */
  userPool?: LocalUserPool;
  /** The demo key created for a store that had none, shown once. */
  demoKey?: string;
  close(): Promise<void>;
}

/** The local host: embedded store, seeded calendars, provisioned keys, and the gateway in front of the handlers. */
export const startLocalService = async (options: LocalServiceOptions): Promise<LocalService> => {
  const report = options.report ?? (() => {});
  const logger = options.logger ?? createLogger();
  const clock = options.clock ?? systemClock;
  const specs = options.keys ? parseKeySpecs(options.keys) : [];

  const store = await startEmbeddedStore({ path: options.dataDir });
  let server: Server | undefined;
  let userPool: LocalUserPool | undefined;
  try {
    const data = options.data ?? loadServiceData();
    await ensureServiceData(store.client, store.tables, data, report);
    const apiKeys = new DynamoDbApiKeyRepository(store.client, store.tables.apiKeys);
    const keyAdmin = new KeyAdmin(apiKeys, clock);
    const provisioned = await provisionKeys(keyAdmin, specs);
    if (specs.length > 0)
      report(`API keys from NAMEDAY_KEYS: ${provisioned.created} added, ${provisioned.existing} already present.`);
    const demoKey = specs.length === 0 ? await createDemoKey(keyAdmin, () => apiKeys.hasAnyKey()) : undefined;

    const limits = options.limits ?? limitsFromEnv(process.env);
    const deps = createServiceDeps({
      client: store.client,
      tables: store.tables,
      dataVersion: data.version,
      clock,
      logger,
      limits,
    });
    const functions: Partial<Record<ServingFunction, ProxyHandler>> = {
      listing: makeListingHandler(deps),
      search: makeSearchHandler(deps),
    };
    if (options.dashboard) {
      const dashboard = await startLocalDashboard({
        ...(options.dataDir && { dataDir: options.dataDir }),
        confirmSignUps: options.confirmSignUps ?? 'auto',
        store,
        dataVersion: data.version,
        limits,
        clock,
        logger,
      });
      userPool = dashboard.userPool;
      functions.portal = dashboard.portal;
    }
    const started = createGateway({ functions, apiKeys, logger, ...(options.observe && { observe: options.observe }) });
    server = started;
    await new Promise<void>((resolve, reject) => {
      started.once('error', reject);
      started.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
    });
    if (options.dataDir) publishEndpoint(options.dataDir, store.endpoint);
    const address = started.address() as AddressInfo;
    const url = `http://${address.address}:${address.port}`;
    if (options.dataDir) publishServerUrl(options.dataDir, url);
    return {
      url,
      ...(demoKey && { demoKey }),
      ...(userPool && { userPool }),
      close: async () => {
        if (options.dataDir) {
          withdrawEndpoint(options.dataDir);
          withdrawServerUrl(options.dataDir);
        }
        await new Promise<void>((resolve) => started.close(() => resolve()));
        await userPool?.close();
        await store.close();
      },
    };
  } catch (error) {
    server?.close();
    await userPool?.close();
    await store.close();
    throw error;
  }
};
