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
const otherOrigins: string[] = [];

beforeAll(async () => {
  if (!CHROMIUM) throw new Error('No Chromium: install it (as root: apt-get install -y chromium) or set CHROMIUM_PATH');
  dataDir = mkdtempSync(join(tmpdir(), 'nameday-reference-'));
  service = await startCheckedService({
    port: 0,
    dataDir,
    logger: recordingLogger(),
    dashboard: true,
    data: { ...data, definitions: data.definitions.filter((calendar) => calendar.country === 'CZ') },
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // A CSP violation or a script error shows up on the console: the page must have none.
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // What was fetched (a request the policy refuses never gets a response).
  page.on('response', (response) => {
    if (!response.url().startsWith(service.url) && !response.url().startsWith('data:')) otherOrigins.push(response.url());
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
});
afterAll(async () => {
  await browser?.close();
  await service?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the API reference in a real browser', () => {
  it('is reached from the dashboard and renders docs/openapi.yaml under the strict CSP, from this origin only', async () => {
    await page.goto(`${service.url}/dashboard`);
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(`${service.url}/docs`);

    // Redoc renders the listing operation: its summary as a heading, its path and its parameters.
    await page.locator('h2', { hasText: /^List name day entries\s*$/ }).waitFor({ timeout: 30000 });
    const text = await page.locator('#reference').innerText();
    expect(text).toContain('/api/v1/namedays');
    expect(text).toContain('calendar_id');
    expect(text).toContain('Find the dates on which a name is celebrated');

    // Styled, not bare HTML: Redoc's three panels are laid out by its own styles (CSSOM, allowed by the CSP).
    const menuPosition = await page
      .locator('.menu-content')
      .evaluate((menu) => menu.ownerDocument.defaultView?.getComputedStyle(menu).position);
    expect(menuPosition).toBe('sticky');
    await page.screenshot({ path: join(tmpdir(), 'nameday-reference.png') });

    const headers = (await page.request.get(`${service.url}/docs`)).headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    // Redoc's footer always tries Redocly's logo from their CDN: the policy refuses it (and Redoc then
    // hides it), which is the only report allowed; nothing else is refused or fails.
    const refusedLogo = /^Loading the image 'https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini\.svg' violates/;
    expect(problems.filter((problem) => !refusedLogo.test(problem))).toEqual([]);
    expect(otherOrigins).toEqual([]);
  });
});
