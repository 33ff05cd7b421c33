/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are read as loose JSON */
import { loadServiceData } from '../../lambda/adapters/data-files/service-data';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDbApiKeyRepository } from '../../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { KeyAdmin } from '../../lambda/core/access/key-admin';
import type { LocalService } from '../../local/local-service';
import { startCheckedService } from '../support/checked-service';
import { openLocalStore } from '../../local/local-store-target';
import { recordingLogger } from '../support/silent-logger';

const FREE_KEY = 'nd_live_00000000000000000000000000000001';
const PAID_KEY = 'nd_live_00000000000000000000000000000002';
const logger = recordingLogger();
const reported: string[] = [];
let service: LocalService;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nameday-server-'));
  service = await startCheckedService({
    port: 0,
    dataDir,
    keys: `free:${FREE_KEY},paid:${PAID_KEY}`,
    clock: { now: () => new Date('2026-11-21T10:00:00Z') },
    // These tests are about routing and bodies; limits have tests of their own.
    limits: { ratePerMinute: 100_000, freeMonthlyQuota: 100_000 },
    logger,
    report: (line) => reported.push(line),
  });
  // Seeding every calendar takes seconds alone, and longer on a shared, busy machine.
}, 120000);
afterAll(async () => {
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A raw HTTP request, so that paths and headers reach the server exactly as written. */
const send = (path: string, options: { method?: string; key?: string | null; headers?: Record<string, string> } = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: Record<string, any> }>(
    (resolve, reject) => {
      const url = new URL(service.url);
      const headers: Record<string, string> = { ...options.headers };
      if (options.key !== null) headers['x-api-key'] = options.key ?? FREE_KEY;
      const req = request({ host: url.hostname, port: url.port, path, method: options.method ?? 'GET', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json: text ? JSON.parse(text) : undefined });
        });
      });
      req.on('error', reject);
      req.end();
    },
  );

describe('local server over HTTP', () => {
  it('seeded the calendars on first start and reported progress', () => {
    expect(reported.some((line) => line.startsWith('Seeding calendars:'))).toBe(true);
    expect(reported.some((line) => line.startsWith('Seeded '))).toBe(true);
  });

  it('serves a listing with the spec body and JSON content type', async () => {
    const response = await send('/api/v1/namedays?country=CZ&date=2026-03-19');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json.namedays[0].names).toEqual(['Josef']);
  });

  it('holds the Hungarian leap-day shift: Mátyás on 25 February 2024 and 24 February 2026', async () => {
    const leap = await send('/api/v1/namedays?country=HU&date=2024-02-25');
    const common = await send('/api/v1/namedays?country=HU&date=2026-02-24');
    expect(leap.json.namedays[0].names[0]).toBe('Mátyás');
    expect(common.json.namedays[0].names[0]).toBe('Mátyás');
    expect((await send('/api/v1/namedays?country=HU&date=2024-02-24')).json.namedays).toEqual([]);
  });

  it('moves the Greek Saint George to Easter Monday when Easter is late', async () => {
    const late = await send('/api/v1/namedays?country=GR&date=2024-05-06');
    expect(late.json.namedays[0]).toMatchObject({ calendar: 'greek-orthodox-2024', tradition: 'Orthodox' });
    expect(late.json.namedays[0].names).toContain('Γεώργιος');
    const usual = await send('/api/v1/namedays?calendar_id=greek-orthodox&date=2026-04-23');
    expect(usual.json.namedays[0].names).toContain('Γεώργιος');
  });

  it('pages the whole year of every country with a true total', async () => {
    const first = await send('/api/v1/namedays?limit=365');
    const total = first.json.pagination.total;
    const last = await send(`/api/v1/namedays?limit=365&offset=${total - 1}`);
    expect(last.json.namedays).toHaveLength(1);
    expect(last.json.namedays[0].date).toBe('2026-12-31');
    const past = await send(`/api/v1/namedays?offset=${total}`);
    expect(past.json).toEqual({ namedays: [], pagination: { limit: 100, offset: total, total } });
  });

  it.each([
    ['no key', null],
    ['a malformed key', 'nd_live_XYZ'],
    ['an upper-case key', FREE_KEY.toUpperCase().replace('ND_LIVE_', 'nd_live_') + 'A'],
    ['a key with a character too many', `${FREE_KEY}0`],
    ['an unknown key', 'nd_live_ffffffffffffffffffffffffffffffff'],
    ['a huge key', `nd_live_${'a'.repeat(20000)}`],
  ])('refuses %s with 401', async (_case, key) => {
    const response = await send('/api/v1/namedays', { key });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ error: 'Unauthorized', message: 'Invalid or missing API key', statusCode: 401 });
  });

  it.each([
    '/api/v2/namedays',
    '/api/v1/../v1/namedays',
    '/API/V1/NAMEDAYS',
    '//api/v1/namedays',
    '/api/v1/namedays/',
    '/%2e%2e/etc/passwd',
  ])('answers the unknown path %s with 404', async (path) => {
    const response = await send(path);
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ error: 'Not Found', message: 'Route not found', statusCode: 404 });
  });

  it('answers HEAD exactly as GET, without the body', async () => {
    const path = '/api/v1/namedays?country=CZ&date=2026-03-19';
    const get = await fetch(`${service.url}${path}`, { headers: { 'x-api-key': PAID_KEY } });
    const head = await fetch(`${service.url}${path}`, { method: 'HEAD', headers: { 'x-api-key': PAID_KEY } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const header of ['content-type', 'content-length', 'etag', 'cache-control'])
      expect(head.headers.get(header)).toBe(get.headers.get(header));
    expect(Number(head.headers.get('content-length'))).toBe((await get.text()).length);
  });

  it('answers 304 over HTTP to a client that holds the answer, and counts it', async () => {
    const path = '/api/v1/namedays?country=CZ&date=2026-03-19';
    const first = await fetch(`${service.url}${path}`, { headers: { 'x-api-key': FREE_KEY } });
    const held = await fetch(`${service.url}${path}`, {
      headers: { 'x-api-key': FREE_KEY, 'if-none-match': first.headers.get('etag') as string },
    });
    expect(held.status).toBe(304);
    expect(Number(held.headers.get('x-quota-remaining'))).toBe(Number(first.headers.get('x-quota-remaining')) - 1);
  });

  it.each(['POST', 'DELETE', 'PUT'])('answers %s on a known path with 405 and Allow: GET, HEAD', async (method) => {
    const response = await send('/api/v1/namedays', { method });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json.statusCode).toBe(405);
  });

  it.each([
    ['/api/v1/namedays?country=%', 400],
    ['/api/v1/namedays?limit=10&limit=20', 400],
    ['/api/v1/namedays?date=%00', 400],
    [`/api/v1/namedays?offset=${'9'.repeat(5000)}`, 400],
    [`/api/v1/namedays?month=${encodeURIComponent('２０２６-01')}`, 400],
    ['/api/v1/namedays?&&&=&country=cz', 200],
  ])('answers odd input %s with %i, never a 5xx', async (path, status) => {
    const response = await send(path);
    expect(response.status).toBe(status);
    expect(response.json.statusCode ?? 200).toBe(status);
  });

  it('accepts the paid key too', async () => {
    expect((await send('/api/v1/calendars', { key: PAID_KEY })).status).toBe(200);
  });

  it('serves search through the same gateway', async () => {
    const response = await send('/api/search?q=jiri');
    expect(response.status).toBe(200);
    expect(response.json.results.map((result: { name: string }) => result.name)).toContain('Jiří');
  });

  it('negotiates by q-values: text/calendar;q=0 with application/json answers JSON, a higher q iCalendar', async () => {
    const excluded = await send('/api/v1/namedays?country=CZ&date=2026-03-19', {
      headers: { Accept: 'text/calendar;q=0, application/json' },
    });
    expect(excluded.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(excluded.json.namedays[0].names).toEqual(['Josef']);
    const preferred = await fetch(`${service.url}/api/v1/namedays?country=CZ&date=2026-03-19`, {
      headers: { 'x-api-key': FREE_KEY, Accept: 'application/json;q=0.5, text/calendar' },
    });
    expect(preferred.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await preferred.text()).toContain('SUMMARY:Josef');
  });

  it('logs one JSON-ready line per request and never the key', () => {
    expect(logger.lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(logger.lines)).not.toContain(FREE_KEY);
    expect(JSON.stringify(logger.lines)).not.toContain(PAID_KEY);
  });

  it('lets the key command reach the running server’s store: a key it creates works at once, and revoking ends it', async () => {
    const target = await openLocalStore(dataDir);
    try {
      const admin = new KeyAdmin(new DynamoDbApiKeyRepository(target.client, target.tables.apiKeys), { now: () => new Date() });
      const { id, key } = await admin.create('paid', 'from the key command');
      expect((await send('/api/v1/calendars', { key })).status).toBe(200);
      await admin.revoke(id);
      expect((await send('/api/v1/calendars', { key })).status).toBe(401);
    } finally {
      await target.close();
    }
  });

  it('restarts on the same store without seeding again and keeps provisioned keys idempotent', async () => {
    await service.close();
    const lines: string[] = [];
    service = await startCheckedService({
      port: 0,
      dataDir,
      keys: `free:${FREE_KEY}`,
      limits: { ratePerMinute: 100_000, freeMonthlyQuota: 100_000 },
      logger,
      report: (line) => lines.push(line),
    });
    expect(lines.some((line) => line.startsWith('Calendar data is current'))).toBe(true);
    expect(lines).toContain('API keys from NAMEDAY_KEYS: 0 added, 1 already present.');
    expect((await send('/api/v1/calendars')).status).toBe(200);
  });
});

/** For tests about keys and starting, not about the calendars: one calendar to seed. */
const allData = loadServiceData();
const czechOnly = { ...allData, definitions: allData.definitions.filter((calendar) => calendar.slug === 'czech-civil') };

describe('local server without NAMEDAY_KEYS', () => {
  it('creates a demo key once, which then works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nameday-demo-'));
    try {
      const first = await startCheckedService({ port: 0, dataDir: dir, logger: recordingLogger(), data: czechOnly });
      expect(first.demoKey).toMatch(/^nd_live_[0-9a-f]{32}$/);
      const response = await fetch(`${first.url}/api/v1/calendars`, { headers: { 'x-api-key': first.demoKey as string } });
      expect(response.status).toBe(200);
      await first.close();
      const second = await startCheckedService({ port: 0, dataDir: dir, logger: recordingLogger(), data: czechOnly });
      expect(second.demoKey).toBeUndefined();
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('compression on the local server', () => {
  it('gzips a large body for a client that accepts gzip, and only then', async () => {
    const { request: httpRequest } = await import('node:http');
    const { gunzipSync } = await import('node:zlib');
    const dir = mkdtempSync(join(tmpdir(), 'nameday-gzip-'));
    const local = await startCheckedService({
      port: 0,
      dataDir: dir,
      keys: `paid:${PAID_KEY}`,
      logger: recordingLogger(),
      limits: { ratePerMinute: 1000, freeMonthlyQuota: 1000 },
    });
    const get = (encoding?: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const url = new URL(`${local.url}/api/v1/namedays?limit=365`);
        const req = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: `${url.pathname}${url.search}`,
            headers: { 'x-api-key': PAID_KEY, ...(encoding && { 'accept-encoding': encoding }) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    try {
      const plain = await get();
      const zipped = await get('br, gzip;q=0.8');
      const refused = await get('gzip;q=0');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
      expect(zipped.body.length).toBeLessThan(plain.body.length * 0.3);
    } finally {
      await local.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
