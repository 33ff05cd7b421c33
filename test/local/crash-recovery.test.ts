import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const KEY = 'nd_live_00000000000000000000000000c0ffee';
let dataDir: string;

/** The environment `npm start` would run with, on this test's own data directory. */
const environment = (dir: string) => ({
  ...process.env,
  PORT: '0',
  NAMEDAY_DATA_DIR: dir,
  NAMEDAY_KEYS: `free:${KEY}`,
  NAMEDAY_RATE_LIMIT_PER_MINUTE: '1000000',
  NAMEDAY_FREE_MONTHLY_QUOTA: '1000000',
  LOG_LEVEL: 'SILENT',
});

/** The local server in a process of its own, as `npm start` runs it; resolves once it listens. */
const startServer = (dir: string): Promise<{ child: ChildProcess; url: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local-server.ts'], { cwd: ROOT, env: environment(dir) });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/\S+)/.exec(output);
      if (listening?.[1]) resolve({ child, url: listening[1] });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });

/** `npm start` run to its end: for a start that must be refused. */
const runServer = (dir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'bin/local-server.ts'], { cwd: ROOT, env: environment(dir), encoding: 'utf8' });

/** `npm run keys -- <args>` against the running server's store. */
const keys = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'bin/keys.ts', ...args], {
    cwd: ROOT,
    env: environment(dataDir),
    encoding: 'utf8',
  });

const status = async (url: string, key: string) =>
  (await fetch(`${url}/api/v1/namedays?country=CZ&date=2026-03-19`, { headers: { 'x-api-key': key } })).status;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'nameday-crash-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the local server killed with SIGKILL and started again on the same data directory', () => {
  it('keeps every key, revocation and count a response acknowledged', async () => {
    const first = await startServer(dataDir);
    const created = keys('create', '--tier', 'free');
    const [, revokedId, revokedKey] = /Created (\S+) .*\n(nd_live_[0-9a-f]{32})/.exec(created.stdout) ?? [];
    expect(keys('revoke', revokedId as string).status).toBe(0);

    let acknowledged = 0;
    let killed = false;
    const load = async () => {
      while (!killed) {
        try {
          if ((await status(first.url, KEY)) === 200) acknowledged += 1;
        } catch {
          return; // the connection died with the server
        }
        if (acknowledged >= 150 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, load));
    if (first.child.exitCode === null && first.child.signalCode === null)
      await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await startServer(dataDir);
    try {
      expect(await status(second.url, KEY)).toBe(200);
      expect(await status(second.url, revokedKey as string)).toBe(401);
      const usage = /^\S+\s+NAMEDAY_KEYS\s+free\s+active\s+\S+\s+(\d+)$/m.exec(keys('list').stdout);
      expect(Number(usage?.[1])).toBeGreaterThanOrEqual(acknowledged + 1);

      const rival = runServer(dataDir);
      expect(rival.status).toBe(1);
      expect(rival.stderr).toContain('Another process');
      expect(rival.stderr).not.toMatch(/^\s+at /m);
    } finally {
      second.child.kill('SIGTERM');
    }
  }, 90000);

  it('refuses a damaged data directory with a message, not a stack trace', () => {
    const damaged = join(dataDir, 'damaged');
    mkdirSync(damaged, { recursive: true });
    writeFileSync(join(damaged, 'CURRENT'), 'MANIFEST-missing\n');
    const result = runServer(damaged);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('cannot be opened');
    expect(result.stderr).not.toMatch(/^\s+at /m);
  }, 30000);
});
