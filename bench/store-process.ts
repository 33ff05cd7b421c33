import { fork } from 'node:child_process';
import { LOCAL_TABLE_NAMES, localDocumentClient, startEmbeddedStore, type EmbeddedStore } from '../local/embedded-store';

/**
 * dynalite in a process of its own, as DynamoDB is a service of its own: the handler's work and the
 * store's then run side by side, not queued on one JavaScript thread.
 */
export const startStoreProcess = (): Promise<EmbeddedStore> =>
  new Promise((resolve, reject) => {
    const child = fork(__filename, ['--serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('error', reject);
    child.once('message', (message) => {
      const endpoint = message as string;
      const client = localDocumentClient(endpoint);
      resolve({
        endpoint,
        client,
        tables: LOCAL_TABLE_NAMES,
        close: () => {
          client.destroy();
          child.kill();
          return Promise.resolve();
        },
      });
    });
  });

if (process.argv.includes('--serve') && process.send) {
  // Ends with the benchmark, however the benchmark ends.
  process.once('disconnect', () => process.exit(0));
  void startEmbeddedStore().then((store) => process.send?.(store.endpoint));
}
