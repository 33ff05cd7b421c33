import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { loadServiceData } from '../../lambda/adapters/data-files/service-data';
import type { LocalService } from '../../local/local-service';
import { startCheckedService } from '../support/checked-service';
import { recordingLogger } from '../support/silent-logger';

/** Debian's chromium package, or the browser CHROMIUM_PATH names. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

const data = loadServiceData();
let service: LocalService;
let browser: Browser;
let page: Page;
let dataDir: string;
const problems: string[] = [];

beforeAll(async () => {
  if (!CHROMIUM) throw new Error('No Chromium: install it (as root: apt-get install -y chromium) or set CHROMIUM_PATH');
  dataDir = mkdtempSync(join(tmpdir(), 'nameday-browser-'));
  service = await startCheckedService({
    port: 0,
    dataDir,
    logger: recordingLogger(),
    dashboard: true,
    data: { ...data, definitions: data.definitions.filter((calendar) => calendar.country === 'CZ') },
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  page = await browser.newPage();
  // A CSP violation or a script error shows up on the console: the page must have none.
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().includes('/api/')) problems.push(`${response.status()} ${response.url()}`);
  });
});
afterAll(async () => {
  await browser?.close();
  await service?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const callApi = (key: string) =>
  fetch(`${service.url}/api/v1/namedays?country=CZ&date=2026-03-19`, { headers: { 'x-api-key': key } });

describe('the dashboard in a real browser', () => {
  it('goes from a new account to a working key, and a revoked key is refused at once', async () => {
    await page.goto(`${service.url}/dashboard`);
    await page.getByLabel('Email').fill(`browser.${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByLabel('Label (optional)').fill('<b>laptop</b>');
    await page.getByRole('button', { name: 'Create key' }).click();
    const keyField = page.getByLabel('Key', { exact: true });
    await keyField.waitFor();
    const key = await keyField.inputValue();
    expect(key).toMatch(/^nd_live_[0-9a-f]{32}$/);
    expect(await page.getByLabel('Try it').inputValue()).toContain(`x-api-key: ${key}`);
    // The label is shown as the text typed, never as markup.
    await page.getByRole('cell', { name: '<b>laptop</b>' }).waitFor();
    expect(await page.locator('tbody b').count()).toBe(0);
    await page.getByRole('cell', { name: `…${key.slice(-4)}` }).waitFor();

    expect((await callApi(key)).status).toBe(200);

    await page.getByRole('button', { name: 'Calendar feed' }).click();
    const feedField = page.getByLabel('Feed URL');
    await feedField.waitFor();
    const feedUrl = await feedField.inputValue();
    expect(feedUrl).toMatch(/\/api\/v1\/feeds\/ndf_[0-9a-f]{32}\/namedays\.ics\?country=CZ$/);
    expect((await fetch(feedUrl)).status).toBe(200);
    await page.getByRole('button', { name: 'Revoke feed' }).waitFor();

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.getByRole('cell', { name: 'revoked' }).waitFor();
    expect((await callApi(key)).status).toBe(401);
    // The key's feed counted against the key: it ends with it.
    expect((await fetch(feedUrl)).status).toBe(401);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('Key', { exact: true }).isVisible()).toBe(false);
    expect(problems).toEqual([]);
  });
});
