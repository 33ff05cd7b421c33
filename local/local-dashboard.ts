import { join } from 'node:path';
import type { Logger } from '../lambda/adapters/logger';
import type { Limits } from '../lambda/contract';
import type { Clock } from '../lambda/core/shared/clock';
import { createPortalDeps } from '../lambda/entry-points/portal-composition';
import { makePortalHandler } from '../lambda/handlers/portal-handler';
import type { EmbeddedStore } from './embedded-store';
import type { ProxyHandler } from './gateway';
import { startLocalUserPool, type LocalUserPool } from './local-user-pool';

/** The page's files in the repository; the stack copies the same directory beside the portal's bundle. */
const DASHBOARD_PAGE_DIRECTORY = join(__dirname, '..', 'web', 'dashboard');

/**
 * The customer dashboard on the local host: its user pool in cognito-local (under `dataDir/cognito`)
 * and the portal handler, which the gateway gives the route table's portal routes as the stack does.
 */
export const startLocalDashboard = async (input: {
  dataDir?: string;
  confirmSignUps: 'auto' | 'code';
  store: Pick<EmbeddedStore, 'client' | 'tables'>;
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
      store: input.store.client,
      apiKeysTable: input.store.tables.apiKeys,
      limits: input.limits,
      clock: input.clock,
      logger: input.logger,
    }),
  );
  return { userPool, portal };
};
