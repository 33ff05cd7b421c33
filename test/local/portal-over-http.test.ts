import { createSign, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadServiceData } from '../../lambda/adapters/data-files/service-data';
import { MAX_ACTIVE_KEYS_PER_ACCOUNT } from '../../lambda/contract';
import type { AccountKeyView, AccountKeysOverview } from '../../lambda/core/access/account-keys';
import type { LocalService } from '../../local/local-service';
import { startCheckedService } from '../support/checked-service';
import { recordingLogger } from '../support/silent-logger';

/** A key as the portal issues it: its view and, this once, its value; or an error body. */
type Issued = { key: AccountKeyView; secret: string; replaces?: string; message?: string };

const data = loadServiceData();
const logger = recordingLogger();
const PASSWORD = 'correct horse battery staple';
// cognito-local sends this code instead of a random one (it reads CODE), so the code flow can be walked.
const CONFIRMATION_CODE = '424242';
let service: LocalService;
let codeService: LocalService;
let dataDir: string;

const start = (confirmSignUps: 'auto' | 'code', directory?: string) =>
  startCheckedService({
    port: 0,
    ...(directory && { dataDir: directory }),
    logger,
    dashboard: true,
    confirmSignUps,
    limits: { ratePerMinute: 1000, freeMonthlyQuota: 1000 },
    data: { ...data, definitions: data.definitions.filter((calendar) => calendar.country === 'CZ') },
  });

beforeAll(async () => {
  process.env.CODE = CONFIRMATION_CODE;
  dataDir = mkdtempSync(join(tmpdir(), 'nameday-portal-'));
  [service, codeService] = await Promise.all([start('auto', dataDir), start('code')]);
  delete process.env.CODE;
}, 60000);
afterAll(async () => {
  await Promise.all([service.close(), codeService.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (base: string, path: string, body: unknown, token?: string, method = 'POST') =>
  fetch(`${base}/portal/v1/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token && { Authorization: token }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let accounts = 0;
/** A new confirmed account, signed in: its ID token. */
const signedIn = async (base = service.url): Promise<string> => {
  accounts += 1;
  const email = `person${accounts}.${Date.now()}@example.com`;
  expect((await post(base, 'sign-up', { email, password: PASSWORD })).status).toBe(201);
  const session = await post(base, 'sign-in', { email, password: PASSWORD });
  expect(session.status).toBe(200);
  return ((await session.json()) as { idToken: string }).idToken;
};

const keysOf = async (token: string) => {
  const response = await fetch(`${service.url}/portal/v1/keys`, { headers: { Authorization: token } });
  expect(response.status).toBe(200);
  return (await response.json()) as { account: { email: string } } & AccountKeysOverview;
};

const createKey = async (token: string, label?: string) => {
  const response = await post(service.url, 'keys', label === undefined ? {} : { label }, token);
  return { status: response.status, body: (await response.json()) as Issued };
};

const callApi = (key: string) =>
  fetch(`${service.url}/api/v1/namedays?country=CZ&date=2026-03-19`, { headers: { 'x-api-key': key } });

describe('the customer dashboard API, against cognito-local and the local store', () => {
  it('takes a person from sign-up to a working key, shown once, then only by its last four characters', async () => {
    const token = await signedIn();
    const created = await createKey(token, 'staging');
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^nd_live_[0-9a-f]{32}$/);
    expect(created.body.key).toMatchObject({
      label: 'staging',
      tier: 'free',
      status: 'active',
      lastFour: created.body.secret.slice(-4),
    });

    expect((await callApi(created.body.secret)).status).toBe(200);
    const overview = await keysOf(token);
    expect(overview.maxActiveKeys).toBe(MAX_ACTIVE_KEYS_PER_ACCOUNT);
    expect(JSON.stringify(overview)).not.toContain(created.body.secret);
    expect(overview.keys).toEqual([
      expect.objectContaining({
        id: created.body.key.id,
        usage: { thisMinute: 1, thisMonth: 1, freeQuotaLeft: 999 },
      }),
    ]);
  });

  it('rotates a key (the old one stays valid) and revokes it (401 from that moment)', async () => {
    const token = await signedIn();
    const old = await createKey(token, 'production');
    const rotation = await post(service.url, `keys/${old.body.key.id}/rotation`, undefined, token);
    expect(rotation.status).toBe(201);
    const rotated = (await rotation.json()) as Record<string, unknown> & { key: Record<string, unknown>; secret: string };
    expect(rotated).toMatchObject({ replaces: old.body.key.id, key: { label: 'production', tier: 'free', status: 'active' } });
    expect((await callApi(old.body.secret)).status).toBe(200);
    expect((await callApi(rotated.secret)).status).toBe(200);

    const revoked = await post(service.url, `keys/${old.body.key.id}`, undefined, token, 'DELETE');
    expect(revoked.status).toBe(200);
    expect(
      ((await revoked.json()) as Record<string, unknown> & { key: Record<string, unknown>; secret: string }).key.status,
    ).toBe('revoked');
    expect((await callApi(old.body.secret)).status).toBe(401);
    expect((await callApi(rotated.secret)).status).toBe(200);
    expect((await keysOf(token)).keys.map((key) => key.status)).toEqual(['revoked', 'active']);
  });

  it("answers 404 for another account's key, so ids leak nothing, and leaves the key alone", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const key = await createKey(owner);
    for (const [path, method] of [
      [`keys/${key.body.key.id}`, 'DELETE'],
      [`keys/${key.body.key.id}/rotation`, 'POST'],
      ['keys/key_000000000000', 'DELETE'],
    ] as const) {
      const response = await post(service.url, path, undefined, stranger, method);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'Not Found', statusCode: 404 });
    }
    expect((await keysOf(stranger)).keys).toEqual([]);
    expect((await callApi(key.body.secret)).status).toBe(200);
  });

  it('refuses a missing, forged or foreign token with 401 before any key is touched', async () => {
    const token = await signedIn();
    const [header, payload] = token.split('.') as [string, string, string];
    // Same claims, signed by a key that is not the pool's.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = `${header}.${payload}.${createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey).toString('base64url')}`;
    // A real token of another user pool (the other local host's): the issuer does not match.
    const email = `foreign.${Date.now()}@example.com`;
    await post(codeService.url, 'sign-up', { email, password: PASSWORD });
    await post(codeService.url, 'confirm', { email, code: CONFIRMATION_CODE });
    const foreign = (
      (await (await post(codeService.url, 'sign-in', { email, password: PASSWORD })).json()) as { idToken: string }
    ).idToken;
    expect(foreign).toMatch(/^eyJ/);
    for (const authorization of [undefined, 'not-a-token', forged, `${header}.${payload}.`, foreign]) {
      const response = await fetch(`${service.url}/portal/v1/keys`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(authorization && { Authorization: authorization }) },
        body: '{}',
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({
        error: 'Unauthorized',
        message: 'Sign in first: missing, invalid or expired session',
        statusCode: 401,
      });
    }
    expect((await keysOf(token)).keys).toEqual([]);
  });

  it('keeps an account to 10 active keys, even when asked for more at once; a revoked key frees a place', async () => {
    const token = await signedIn();
    const attempts = await Promise.all(Array.from({ length: MAX_ACTIVE_KEYS_PER_ACCOUNT + 3 }, () => createKey(token)));
    expect(attempts.filter((attempt) => attempt.status === 201)).toHaveLength(MAX_ACTIVE_KEYS_PER_ACCOUNT);
    const refused = attempts.filter((attempt) => attempt.status === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.body.message).toBe('An account has at most 10 active keys: revoke one to create another');
    const first = attempts.find((attempt) => attempt.status === 201)!;
    expect((await post(service.url, `keys/${first.body.key.id}/rotation`, undefined, token)).status).toBe(409);
    expect((await post(service.url, `keys/${first.body.key.id}`, undefined, token, 'DELETE')).status).toBe(200);
    // Revoking twice gives back one place only.
    expect((await post(service.url, `keys/${first.body.key.id}`, undefined, token, 'DELETE')).status).toBe(200);
    expect((await createKey(token)).status).toBe(201);
    expect((await createKey(token)).status).toBe(409);
  });

  it("makes calendar feeds for the account's own keys, lists them without their token, and revokes them", async () => {
    const token = await signedIn();
    const stranger = await signedIn();
    const key = await createKey(token, 'calendar');
    const made = await post(service.url, `keys/${key.body.key.id}/feeds`, { kind: 'listing', country: 'CZ' }, token);
    expect(made.status).toBe(201);
    const feed = (await made.json()) as { feed: { id: string }; token: string };
    expect(feed.token).toMatch(/^ndf_[0-9a-f]{32}$/);
    const calendar = await fetch(`${service.url}/api/v1/feeds/${feed.token}/namedays.ics?country=CZ`);
    expect(calendar.status).toBe(200);
    expect(await calendar.text()).toContain('BEGIN:VCALENDAR');

    const overview = await keysOf(token);
    expect(JSON.stringify(overview)).not.toContain(feed.token);
    expect(overview.keys.map((owned) => owned.feeds.map((listed) => [listed.id, listed.status]))).toEqual([
      [[feed.feed.id, 'active']],
    ]);
    // Feeds share the owner index with keys and never pass for one.
    expect(overview.keys).toHaveLength(1);

    expect((await post(service.url, `keys/${key.body.key.id}/feeds`, { kind: 'listing', country: 'CZ' }, stranger)).status).toBe(
      404,
    );
    expect((await post(service.url, `feeds/${feed.feed.id}`, undefined, stranger, 'DELETE')).status).toBe(404);
    expect((await fetch(`${service.url}/api/v1/feeds/${feed.token}/namedays.ics?country=CZ`)).status).toBe(200);

    expect((await post(service.url, `feeds/${feed.feed.id}`, undefined, token, 'DELETE')).status).toBe(200);
    expect((await fetch(`${service.url}/api/v1/feeds/${feed.token}/namedays.ics?country=CZ`)).status).toBe(401);
    expect((await keysOf(token)).keys[0]?.feeds[0]?.status).toBe('revoked');
  });

  it('confirms accounts by the emailed code where sign-ups are not confirmed at once', async () => {
    const email = `coded.${Date.now()}@example.com`;
    expect(await (await post(codeService.url, 'sign-up', { email, password: PASSWORD })).json()).toEqual({ confirmed: false });
    const early = await post(codeService.url, 'sign-in', { email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect((await post(codeService.url, 'confirm', { email, code: '000000' })).status).toBe(400);
    expect((await post(codeService.url, 'confirm', { email, code: CONFIRMATION_CODE })).status).toBe(200);
    expect((await post(codeService.url, 'sign-in', { email, password: PASSWORD })).status).toBe(200);
  });

  it('answers bad input with the documented error body, never a 5xx', async () => {
    const token = await signedIn();
    const cases: Array<[string, string, string | undefined, number]> = [
      ['sign-up', '{"email":"nobody","password":"correct horse battery"}', undefined, 400],
      ['sign-up', '{"email":"short@example.com","password":"short"}', undefined, 400],
      ['sign-up', '{"email":"common@example.com","password":"password1234"}', undefined, 400],
      ['sign-up', '{"email":"blank@example.com","password":"              "}', undefined, 400],
      ['sign-up', '{not json', undefined, 400],
      ['sign-up', JSON.stringify({ email: 'big@example.com', password: 'x'.repeat(20000) }), undefined, 413],
      ['sign-in', '{"email":"nobody@example.com","password":"correct horse battery"}', undefined, 401],
      ['keys', '{"label":"line\\nbreak"}', token, 400],
      ['keys', `{"label":"${'x'.repeat(65)}"}`, token, 400],
      ['keys', '[1,2]', token, 400],
    ];
    for (const [path, body, authorization, status] of cases) {
      const response = await fetch(`${service.url}/portal/v1/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(authorization && { Authorization: authorization }) },
        body,
      });
      expect([path, body.slice(0, 40), response.status]).toEqual([path, body.slice(0, 40), status]);
      expect(await response.json()).toMatchObject({ statusCode: status });
    }
    const wrongMethod = await fetch(`${service.url}/portal/v1/keys`, { method: 'PUT', headers: { Authorization: token } });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('resets a forgotten password with the emailed code, telling no one which emails have accounts', async () => {
    const email = `forgetful.${Date.now()}@example.com`;
    await post(codeService.url, 'sign-up', { email, password: PASSWORD });
    expect((await post(codeService.url, 'confirm', { email, code: CONFIRMATION_CODE })).status).toBe(200);
    const asked = await post(codeService.url, 'password-reset', { email });
    expect(asked.status).toBe(202);
    const unknown = await post(codeService.url, 'password-reset', { email: `nobody.${Date.now()}@example.com` });
    expect([unknown.status, await unknown.json()]).toEqual([202, await asked.json()]);

    const newPassword = 'a brand new passphrase';
    const wrongCode = await post(codeService.url, 'password-reset/confirmation', {
      email,
      code: '000000',
      password: newPassword,
    });
    expect(wrongCode.status).toBe(400);
    expect(((await wrongCode.json()) as { message: string }).message).toBe(
      'That code is wrong or has expired: ask for a new one',
    );
    const short = await post(codeService.url, 'password-reset/confirmation', {
      email,
      code: CONFIRMATION_CODE,
      password: 'short',
    });
    expect(await short.json()).toMatchObject({ statusCode: 400, message: 'Use a password of at least 12 characters' });
    const reset = await post(codeService.url, 'password-reset/confirmation', {
      email,
      code: CONFIRMATION_CODE,
      password: newPassword,
    });
    expect(reset.status).toBe(200);
    const old = await post(codeService.url, 'sign-in', { email, password: PASSWORD });
    expect(await old.json()).toMatchObject({ statusCode: 401, message: "That email and password don't match an account" });
    expect((await post(codeService.url, 'sign-in', { email, password: newPassword })).status).toBe(200);
  });

  it('changes the password of a signed-in account only with the current one', async () => {
    const email = `changer.${Date.now()}@example.com`;
    await post(service.url, 'sign-up', { email, password: PASSWORD });
    const token = ((await (await post(service.url, 'sign-in', { email, password: PASSWORD })).json()) as { idToken: string })
      .idToken;
    const newPassword = 'another long passphrase';
    const wrong = await post(service.url, 'password', { currentPassword: 'not the password', newPassword }, token);
    expect(await wrong.json()).toMatchObject({ statusCode: 403, message: "That password doesn't match your account" });
    const short = await post(service.url, 'password', { currentPassword: PASSWORD, newPassword: 'short' }, token);
    expect(await short.json()).toMatchObject({ statusCode: 400, message: 'Use a password of at least 12 characters' });
    expect((await post(service.url, 'password', { currentPassword: PASSWORD, newPassword })).status).toBe(401);
    expect((await post(service.url, 'password', { currentPassword: PASSWORD, newPassword }, token)).status).toBe(200);
    expect((await post(service.url, 'sign-in', { email, password: PASSWORD })).status).toBe(401);
    expect((await post(service.url, 'sign-in', { email, password: newPassword })).status).toBe(200);
  });

  it('deletes an account confirmed with its password: its keys and feeds answer 401 at once, then the user is gone', async () => {
    const email = `leaving.${Date.now()}@example.com`;
    await post(service.url, 'sign-up', { email, password: PASSWORD });
    const token = ((await (await post(service.url, 'sign-in', { email, password: PASSWORD })).json()) as { idToken: string })
      .idToken;
    const keys = [await createKey(token, 'one'), await createKey(token, 'two')];
    await post(service.url, `keys/${keys[1]?.body.key.id}`, undefined, token, 'DELETE');
    const made = await post(service.url, `keys/${keys[0]?.body.key.id}/feeds`, { kind: 'listing', country: 'CZ' }, token);
    expect(made.status).toBe(201);
    const feed = (await made.json()) as { path: string };
    const feedUrl = `${service.url}${feed.path}`;
    const secret = keys[0]?.body.secret as string;

    const refused = await post(service.url, 'account/deletion', { password: 'not the password' }, token);
    expect(refused.status).toBe(403);
    expect((await callApi(secret)).status).toBe(200);

    const deleted = await post(service.url, 'account/deletion', { password: PASSWORD }, token);
    expect([deleted.status, await deleted.json()]).toEqual([200, { deleted: true, revokedKeys: 1, revokedFeeds: 1 }]);
    expect((await callApi(secret)).status).toBe(401);
    expect((await fetch(feedUrl)).status).toBe(401);
    expect((await post(service.url, 'sign-in', { email, password: PASSWORD })).status).toBe(401);
  });

  it('leads / and /dashboard/ to /dashboard', async () => {
    for (const path of ['/', '/dashboard/']) {
      const response = await fetch(`${service.url}${path}`, { redirect: 'manual' });
      expect([path, response.status, response.headers.get('location')]).toEqual([path, 302, '/dashboard']);
    }
    expect((await fetch(`${service.url}/`)).url).toBe(`${service.url}/dashboard`);
  });

  it('serves the page with its security headers, and nothing a session or key would leak into the log', async () => {
    const page = await fetch(`${service.url}/dashboard`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(await page.text()).toContain('<script src="dashboard/dashboard.js" defer></script>');
    expect((await fetch(`${service.url}/dashboard/dashboard.js`)).headers.get('content-type')).toBe(
      'text/javascript; charset=utf-8',
    );
    expect((await fetch(`${service.url}/dashboard/../package.json`)).status).toBe(404);
    expect((await fetch(`${service.url}/dashboard/secrets.txt`)).status).toBe(404);
    const logged = JSON.stringify(logger.lines);
    expect(logged).not.toMatch(/nd_live_|eyJ|correct horse/);
  });
});
