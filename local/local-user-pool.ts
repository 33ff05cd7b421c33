import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD_MIN_LENGTH, USER_POOL } from '../lambda/contract';

/** cognito-local checks no signature: any credentials do, and none is a real one. */
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

export interface LocalUserPool {
  endpoint: string;
  /** The base of the tokens' issuer: cognito-local's own URL. */
  issuerBase: string;
  userPoolId: string;
  clientId: string;
  client: CognitoIdentityProviderClient;
  close(): Promise<void>;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const started = (child: ChildProcess, logFile: string): Promise<number> =>
  new Promise((resolve, reject) => {
    child.once('message', (message: { port?: number }) => (message.port ? resolve(message.port) : reject(new Error('no port'))));
    child.once('exit', (code) => {
      const log = readFileSync(logFile, 'utf8').trim().split('\n').slice(-5).join('\n');
      reject(new Error(`The local user pool (cognito-local) stopped at start (exit ${code}): ${log}`));
    });
  });

/** The pool and client by their names, created on the first start and found on every later one. */
const ensurePool = async (client: CognitoIdentityProviderClient): Promise<{ userPoolId: string; clientId: string }> => {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  const userPoolId =
    pools.UserPools?.find((pool) => pool.Name === USER_POOL.poolName)?.Id ??
    (
      await client.send(
        new CreateUserPoolCommand({
          PoolName: USER_POOL.poolName,
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
          Policies: {
            PasswordPolicy: {
              MinimumLength: PASSWORD_MIN_LENGTH,
              RequireLowercase: false,
              RequireUppercase: false,
              RequireNumbers: false,
              RequireSymbols: false,
            },
          },
        }),
      )
    ).UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local made no user pool');
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  const clientId =
    clients.UserPoolClients?.find((candidate) => candidate.ClientName === USER_POOL.clientName)?.ClientId ??
    (
      await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: USER_POOL.clientName,
          ExplicitAuthFlows: [...USER_POOL.authFlows],
        }),
      )
    ).UserPoolClient?.ClientId;
  if (!clientId) throw new Error('cognito-local made no app client');
  return { userPoolId, clientId };
};

/**
 * Amazon Cognito's API served by cognito-local, beside the local store: accounts persist in
 * `<directory>` (under NAMEDAY_DATA_DIR), or in a temporary directory removed at close.
 */
export const startLocalUserPool = async (options: { directory?: string } = {}): Promise<LocalUserPool> => {
  const directory = options.directory ?? mkdtempSync(join(tmpdir(), 'nameday-pool-'));
  const port = await freePort();
  const logFile = join(directory, '..', `${directory.split(/[\\/]/).at(-1) ?? 'cognito'}.log`);
  const log = openSync(logFile, 'a');
  const child = fork(join(__dirname, 'cognito-child.cjs'), [directory], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log, 'ipc'],
  });
  closeSync(log);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
    if (!options.directory) {
      rmSync(directory, { recursive: true, force: true });
      rmSync(logFile, { force: true });
    }
  };
  try {
    await started(child, logFile);
    const endpoint = `http://127.0.0.1:${port}`;
    const client = new CognitoIdentityProviderClient({ endpoint, region: 'local', credentials: LOCAL_CREDENTIALS });
    const { userPoolId, clientId } = await ensurePool(client);
    return {
      endpoint,
      issuerBase: endpoint,
      userPoolId,
      clientId,
      client,
      close: async () => {
        client.destroy();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
