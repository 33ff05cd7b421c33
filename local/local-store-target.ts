import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  LOCAL_CLIENT_CONFIG,
  LOCAL_TABLE_NAMES,
  localDocumentClient,
  startEmbeddedStore,
  type EmbeddedStore,
} from './embedded-store';

/**
 * A running local server holds its store's files locked, so it leaves its store's address here for
 * other local tools (the key command) to reach the same store.
 */
const endpointFile = (dataDir: string) => join(dataDir, 'endpoint');
const serverUrlFile = (dataDir: string) => join(dataDir, 'server-url');

/** The running server's URL beside its store, so the key command prints feed links that work. */
export const publishServerUrl = (dataDir: string, url: string): void => writeFileSync(serverUrlFile(dataDir), url);
export const withdrawServerUrl = (dataDir: string): void => rmSync(serverUrlFile(dataDir), { force: true });

/** The URL of the server running on this store, else where `npm start` serves (`PORT`, default 3000). */
export const localServerUrl = (dataDir: string): string =>
  existsSync(serverUrlFile(dataDir))
    ? readFileSync(serverUrlFile(dataDir), 'utf8').trim()
    : `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

export const publishEndpoint = (dataDir: string, endpoint: string): void => writeFileSync(endpointFile(dataDir), endpoint);
export const withdrawEndpoint = (dataDir: string): void => rmSync(endpointFile(dataDir), { force: true });

const isReachable = async (endpoint: string): Promise<boolean> => {
  const client = new DynamoDBClient({ ...LOCAL_CLIENT_CONFIG, endpoint, maxAttempts: 1 });
  try {
    await client.send(new DescribeTableCommand({ TableName: LOCAL_TABLE_NAMES.apiKeys }));
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
};

/** The local store: the running server's, else one opened on the data directory for this command. */
export const openLocalStore = async (dataDir: string): Promise<Pick<EmbeddedStore, 'client' | 'tables' | 'close'>> => {
  const published = existsSync(endpointFile(dataDir)) ? readFileSync(endpointFile(dataDir), 'utf8').trim() : undefined;
  if (published && (await isReachable(published))) {
    const client = localDocumentClient(published);
    return {
      client,
      tables: LOCAL_TABLE_NAMES,
      close: () => Promise.resolve(client.destroy()),
    };
  }
  return startEmbeddedStore({ path: dataDir });
};
