import { join } from 'node:path';
import type { Logger } from '../lambda/adapters/logger';
import type { ReferenceFile } from '../lambda/adapters/http/reference-page';
import type { Limits } from '../lambda/contract';
import type { Clock } from '../lambda/core/shared/clock';
import { createPortalDeps } from '../lambda/entry-points/portal-composition';
import { makePortalHandler } from '../lambda/handlers/portal-handler';
import type { EmbeddedStore } from './embedded-store';
import type { ProxyHandler } from './gateway';
import { startLocalUserPool, type LocalUserPool } from './local-user-pool';

/** The page's files in the repository; the stack copies the same directory beside the portal's bundle. */
const DASHBOARD_PAGE_DIRECTORY = join(__dirname, '..', 'web', 'dashboard');

const REPOSITORY = join(__dirname, '..');

/** The reference page's files where the repository has them; the stack copies the same into one directory. */
export const REFERENCE_FILES: Readonly<Record<ReferenceFile, string>> = {
  'index.html': join(REPOSITORY, 'web', 'docs', 'index.html'),
  'reference.js': join(REPOSITORY, 'web', 'docs', 'reference.js'),
  'reference.css': join(REPOSITORY, 'web', 'docs', 'reference.css'),
  'redoc.standalone.js': require.resolve('redoc/bundles/redoc.standalone.js'),
  'openapi.yaml': join(REPOSITORY, 'docs', 'openapi.yaml'),
};

/**
 * The customer dashboard on the local host: its user pool in cognito-local (under `dataDir/cognito`)
 * and the portal handler, which the gateway gives the route table's portal routes as the stack does.
 */
export const startLocalDashboard = async (input: {
  dataDir?: string;
  confirmSignUps: 'auto' | 'code';
  store: Pick<EmbeddedStore, 'client' | 'tables'>;
  /** The data version the name day handlers serve: people feeds are searched for in it. */
  dataVersion: string;
  limits: Limits;
  clock: Clock;
  logger: Logger;
}): Promise<{ userPool: LocalUserPool; portal: ProxyHandler }> => {
  const userPool = await startLocalUserPool(input.dataDir ? { directory: join(input.dataDir, 'cognito') } : {});
  const portal = makePortalHandler(
    createPortalDeps({
      settings: {
        userPoolId: userPool.userPoolId,
        clientId: userPool.clientId,
        issuerBase: userPool.issuerBase,
        confirmAtSignUp: input.confirmSignUps === 'auto',
        pageDirectory: DASHBOARD_PAGE_DIRECTORY,
      },
      cognito: userPool.client,
      referenceFiles: REFERENCE_FILES,
      store: input.store.client,
      apiKeysTable: input.store.tables.apiKeys,
      names: {
        namedaysTable: input.store.tables.namedays,
        nameIndexTable: input.store.tables.nameIndex,
        dataVersion: input.dataVersion,
      },
      limits: input.limits,
      clock: input.clock,
      logger: input.logger,
    }),
  );
  return { userPool, portal };
};
