import { resolve } from 'node:path';
import { startLocalService } from '../local/local-service';

/** `npm start`: the API on http://127.0.0.1:3000 (PORT), backed by dynalite under NAMEDAY_DATA_DIR. */
const main = async () => {
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(process.env.NAMEDAY_DATA_DIR ?? '.nameday');
  const report = (line: string) => process.stderr.write(`${line}\n`);
  report(`Starting the Nameday API with its store in ${dataDir}`);
  const confirmation = process.env.NAMEDAY_CONFIRM_SIGN_UPS ?? 'auto';
  if (confirmation !== 'auto' && confirmation !== 'code') throw new Error('NAMEDAY_CONFIRM_SIGN_UPS is auto or code');
  const service = await startLocalService({
    port,
    dataDir,
    keys: process.env.NAMEDAY_KEYS,
    report,
    dashboard: true,
    confirmSignUps: confirmation,
  });
  report(`Nameday API listening on ${service.url}`);
  report(`Dashboard (create an account, then your keys): ${service.url}/dashboard`);
  report(`API reference: ${service.url}/docs`);
  if (service.demoKey) {
    report(`Demo API key (free tier), shown only this once: ${service.demoKey}`);
    report(`Try: curl -H 'x-api-key: ${service.demoKey}' '${service.url}/api/v1/namedays?country=CZ&date=2026-03-19'`);
  }
  const stop = () => void service.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

main().catch((error: unknown) => {
  process.stderr.write(`Could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
