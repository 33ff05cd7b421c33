import axe from 'axe-core';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { loadServiceData } from '../../lambda/adapters/data-files/service-data';
import type { LocalService } from '../../local/local-service';
import { startCheckedService } from '../support/checked-service';
import { recordingLogger } from '../support/silent-logger';

// The callbacks given to `evaluate` run in the page, where these exist; the test's own program has no DOM
// library, so they are declared here with just what the callbacks use.
interface PageElement {
  id: string;
  textContent: string | null;
  tagName: string;
  offsetParent: unknown;
  getBoundingClientRect(): { top: number; width: number; height: number };
}
declare const document: {
  activeElement: PageElement | null;
  documentElement: { scrollWidth: number; clientWidth: number };
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
};
declare const window: { scrollY: number };
declare const navigator: { clipboard: { readText(): Promise<string> } };
declare const getComputedStyle: (element: unknown) => { backgroundColor: string; color: string };

/**
 * axe-core's serious and critical findings on the page as it is now, each with where it is. axe is
 * evaluated into the page, as the page's CSP rightly refuses inline scripts.
 */
const seriousViolations = async (page: Page): Promise<string[]> => {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const found = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return found.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
};

/** Debian's chromium package, or the browser CHROMIUM_PATH names. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

/** Where the main states are photographed, for a person to look at after a run (ignored by git). */
const SCREENSHOTS = join(__dirname, 'screenshots');

const PASSWORD = 'correct horse battery staple';
const data = loadServiceData();
let service: LocalService;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  if (!CHROMIUM) throw new Error('No Chromium: install it (as root: apt-get install -y chromium) or set CHROMIUM_PATH');
  dataDir = mkdtempSync(join(tmpdir(), 'nameday-browser-'));
  mkdirSync(SCREENSHOTS, { recursive: true });
  service = await startCheckedService({
    port: 0,
    dataDir,
    logger: recordingLogger(),
    dashboard: true,
    limits: { ratePerMinute: 1000, freeMonthlyQuota: 1000 },
    data: { ...data, definitions: data.definitions.filter((calendar) => calendar.country === 'CZ') },
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 60000);
afterAll(async () => {
  await browser?.close();
  await service?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const callApi = (key: string) =>
  fetch(`${service.url}/api/v1/namedays?country=CZ&date=2026-03-19`, { headers: { 'x-api-key': key } });

/** The last code cognito-local "sent" to an address for `target` (SignUp, ForgotPassword): it logs each message. */
const codeSentTo = (email: string, target = 'ForgotPassword', directory = dataDir): string => {
  const lines = readFileSync(join(directory, 'cognito.log'), 'utf8').split('\n');
  const messages = lines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { target?: string; msg?: string })
    .filter((entry) => entry.target === target && entry.msg?.includes(`Destination: ${email}`));
  const code = /Code:\s+(\d{6})/.exec(messages.at(-1)?.msg ?? '')?.[1];
  if (!code) throw new Error(`No code for ${email} in cognito-local's log`);
  return code;
};

let people = 0;
const newEmail = () => {
  people += 1;
  return `person${people}.${Date.now()}@example.com`;
};

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

describe.each(viewports)('the dashboard on a $name ($width×$height)', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.url });
  });
  afterAll(async () => {
    await context?.close();
  });
  beforeEach(async () => {
    page = await context.newPage();
    // A CSP violation or a script error shows up on the console: the page must have none.
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 40[0-9]/.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  });
  afterEach(async () => {
    await page.close();
    expect(problems.splice(0)).toEqual([]);
  });

  const shot = (state: string) => page.screenshot({ path: join(SCREENSHOTS, `${viewport.name}-${state}.png`), fullPage: true });

  /** axe-core in the page: no serious or critical finding. */
  const expectAccessible = async (state: string) => {
    expect([state, await seriousViolations(page)]).toEqual([state, []]);
  };

  const expectNoSidewaysScroll = async () => {
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
  };

  /** Every visible control can be hit by a finger: at least 44 by 44 CSS pixels (links inside text excepted). */
  const expectTouchTargets = async () => {
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('button, input:not([type="radio"]), select, textarea, nav a, .choice')]
        .filter((element) => element.offsetParent !== null)
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.height < 44 || box.width < 44;
        })
        .map((element) => element.id || element.textContent?.trim() || element.tagName),
    );
    expect(small).toEqual([]);
  };

  const signUp = async (email = newEmail()) => {
    await page.goto(`${service.url}/dashboard`);
    const form = page.locator('#sign-up-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Choose a password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    // Signed in, focus moves to the dashboard's heading once the keys are shown.
    await page.waitForFunction(() => document.activeElement?.id === 'dashboard-title');
    return email;
  };

  const signIn = async (email: string, password: string) => {
    const form = page.locator('#sign-in-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
  };

  const createKey = async (label: string) => {
    await page.getByLabel('Label (optional)').fill(label);
    await page.getByRole('button', { name: 'Create key' }).click();
    const field = page.getByLabel('Key', { exact: true });
    await field.waitFor();
    const key = await field.inputValue();
    expect(key).toMatch(/^nd_live_[0-9a-f]{32}$/);
    return key;
  };

  it('says what the API does, shows an example and the limits, links the reference, and offers two different ways in', async () => {
    await page.goto(`${service.url}/`);
    expect(page.url()).toBe(`${service.url}/dashboard`);
    await page.goto(`${service.url}/dashboard/`);
    expect(page.url()).toBe(`${service.url}/dashboard`);

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Name days of 19 countries');
    expect(await page.locator('#example-request').textContent()).toContain('/api/v1/namedays?country=CZ&date=2026-03-19');
    const tiers = await page.locator('.tiers').textContent();
    expect(tiers).toContain('1,000 calls a month');
    expect(tiers).toContain('60 calls a minute');
    expect(tiers).toContain('Paid');
    const reference = page.getByRole('link', { name: 'API reference' }).first();
    expect(await reference.evaluate((link) => (link as unknown as { href: string }).href)).toBe(`${service.url}/docs`);
    await expect(page.locator('footer').textContent()).resolves.toContain('API reference');

    const signInButton = page.getByRole('button', { name: 'Sign in' });
    const createButton = page.getByRole('button', { name: 'Create account' });
    const colour = (button: typeof signInButton) => button.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await colour(signInButton)).not.toBe(await colour(createButton));
    expect(await page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'New here? Create a free account' }).isVisible()).toBe(true);

    await expectNoSidewaysScroll();
    await expectTouchTargets();
    await expectAccessible('signed out');
    await shot('landing');
  });

  it("the landing page's example answer is the API's own", async () => {
    await signUp();
    const key = await createKey('example');
    await page.goto(`${service.url}/dashboard`);
    const shown = JSON.parse((await page.locator('#example-answer').textContent()) ?? '') as unknown;
    const answer = await (await callApi(key)).json();
    expect(shown).toEqual(answer);
  });

  it('puts messages a person understands beside their field, without moving the form', async () => {
    await page.goto(`${service.url}/dashboard`);
    const signInForm = page.locator('#sign-in-form');
    const button = signInForm.getByRole('button', { name: 'Sign in' });
    // Where the button is on the page (not on the screen, which scrolls to the field in focus).
    const placeOf = () => button.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    const before = await placeOf();
    await button.click();
    await expect(page.locator('#sign-in-email-error').textContent()).resolves.toBe('Enter your email address');
    await expect(page.locator('#sign-in-password-error').textContent()).resolves.toBe('Enter your password');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-in-email');
    expect(await signInForm.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await placeOf()).toBe(before);
    await expectAccessible('sign-in form with errors');

    const signUpForm = page.locator('#sign-up-form');
    await signUpForm.getByLabel('Email').fill('nobody');
    await signUpForm.getByLabel('Choose a password').fill('short');
    await signUpForm.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('#sign-up-email-error').textContent()).resolves.toBe(
      'Enter an email address like name@example.com',
    );
    await expect(page.locator('#sign-up-password-error').textContent()).resolves.toBe('Use at least 12 characters');
    await expectAccessible('sign-up form with errors');
    await shot('form-errors');

    await signIn(`nobody.${Date.now()}@example.com`, 'a wrong password here');
    await page.locator('#sign-in-password-error').filter({ hasText: "That email and password don't match an account" }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-in-password');
  });

  it('signs up and in, makes keys and feeds with their secrets shown once, and ends them after asking', async () => {
    const email = await signUp();
    await expect(page.locator('#account-email').textContent()).resolves.toBe(email);
    await expect(page.locator('#usage-summary').textContent()).resolves.toContain('of its 1,000 free calls');

    const first = await createKey('<b>laptop</b>');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('new-key-title');
    expect(await page.getByLabel('Try it').inputValue()).toContain(`x-api-key: ${first}`);
    // The label is shown as the text typed, never as markup.
    await page.getByRole('heading', { name: '<b>laptop</b>' }).waitFor();
    expect(await page.locator('#keys b').count()).toBe(0);
    await expectAccessible('new key panel');
    await shot('new-key');
    await page.getByRole('button', { name: 'Copy key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await page.getByRole('button', { name: 'I have stored it: hide the key' }).click();
    expect(await page.locator('#new-key').isVisible()).toBe(false);
    expect(await page.locator('#new-key-value').inputValue()).toBe('');
    expect((await callApi(first)).status).toBe(200);

    const second = await createKey('server');
    expect(second).not.toBe(first);
    // The next action clears a secret still on screen.
    const feedForm = page.locator('#feed-form');
    await feedForm.getByLabel('For key').selectOption({
      label: `<b>laptop</b> (${await page
        .locator('#keys h3')
        .first()
        .evaluate((h) => h.id.slice(4))})`,
    });
    await feedForm.getByLabel('Country or calendar', { exact: true }).selectOption('country:CZ');
    await feedForm.getByRole('button', { name: 'Make the feed' }).click();
    const feedField = page.getByLabel('Feed URL');
    await feedField.waitFor();
    expect(await page.locator('#new-key-value').inputValue()).toBe('');
    expect(await page.locator('#new-key').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('new-feed-title');
    const feedUrl = await feedField.inputValue();
    expect(feedUrl).toMatch(/\/api\/v1\/feeds\/ndf_[0-9a-f]{32}\/namedays\.ics/);
    expect((await fetch(feedUrl)).status).toBe(200);
    await page.getByRole('button', { name: 'Copy URL' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);
    const feedCard = page.locator('#feeds li').first();
    await expect(feedCard.textContent()).resolves.toContain('Czechia');
    await expect(feedCard.textContent()).resolves.toContain('Active');

    // The second feed on the second key: it outlives the first key.
    await feedForm.getByLabel('For key').selectOption({ index: 1 });
    await feedForm.getByLabel('The days of one name').check();
    await feedForm.getByLabel('Name', { exact: true }).fill('Josef');
    await feedForm.getByRole('button', { name: 'Make the feed' }).click();
    await page.locator('#feeds li').nth(1).waitFor();
    expect(await page.getByLabel('Feed URL').inputValue()).not.toBe(feedUrl);

    await expectNoSidewaysScroll();
    await expectTouchTargets();
    await expectAccessible('signed in with keys, feeds and the new feed panel');
    await shot('keys-and-feeds');

    // Revoke asks first; cancelling changes nothing.
    const firstCard = page.locator('#keys li').first();
    const revoke = firstCard.getByRole('button', { name: /^Revoke key/ });
    expect(await revoke.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(165, 14, 14)');
    await revoke.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expectAccessible('revoke dialog');
    await shot('revoke-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await callApi(first)).status).toBe(200);
    await revoke.click();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await firstCard.getByText('Revoked').waitFor();
    expect((await callApi(first)).status).toBe(401);
    // The key's feed counted against the key: it ends with it, and says so.
    expect((await fetch(feedUrl)).status).toBe(401);
    await page.locator('#feeds li').first().getByText('Ended: its key was revoked').waitFor();
    expect(
      await page
        .locator('#feeds li')
        .first()
        .getByRole('button', { name: /Revoke feed/ })
        .count(),
    ).toBe(0);

    const searchFeed = page.locator('#feeds li').nth(1);
    await searchFeed.getByRole('button', { name: /Revoke feed/ }).click();
    await dialog.getByRole('button', { name: 'Revoke feed' }).click();
    await searchFeed.getByText('Revoked').waitFor();
    await expectAccessible('signed in with revoked keys and feeds');
    await shot('revoked');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('Key', { exact: true }).isVisible()).toBe(false);
  });

  it('makes a people feed, refuses a name with no day there beside that person, and edits the list under the same URL', async () => {
    await signUp();
    await createKey('family');
    const feedForm = page.locator('#feed-form');
    await feedForm.getByLabel('The name days of people I choose').check();
    await feedForm.getByRole('button', { name: 'Make the feed' }).click();
    await expect(page.locator('#people-error').textContent()).resolves.toBe('Add at least one person');

    await feedForm.getByRole('button', { name: 'Add a person' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('person-1-name');
    await page.locator('#person-1-name').fill('Josef');
    await page.locator('#person-1-place').selectOption('country:CZ');
    await feedForm.getByRole('button', { name: 'Add a person' }).click();
    await page.locator('#person-2-name').fill('Jozzef');
    await page.locator('#person-2-place').selectOption('calendar:czech-civil');
    await feedForm.getByLabel('Reminder').selectOption('day-before');
    await feedForm.getByRole('button', { name: 'Make the feed' }).click();
    // The person whose name has no day there is told so beside their own field.
    await page.locator('#person-2-name-error').filter({ hasText: 'Jozzef' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('person-2-name');
    await expectAccessible('people feed form with an error');

    await page.locator('#person-2-name').fill('Jiří');
    await feedForm.getByRole('button', { name: 'Make the feed' }).click();
    await page.locator('#new-feed').waitFor();
    const feedUrl = await page.getByLabel('Feed URL').inputValue();
    const first = await (await fetch(feedUrl)).text();
    expect(first).toContain('Josef');
    expect(first).toContain('Jiří');
    const card = page.locator('#feeds li').first();
    await expect(card.textContent()).resolves.toContain('Josef (Czechia)');
    await expect(card.textContent()).resolves.toContain('a reminder the day before');

    await card.getByRole('button', { name: /^Edit people/ }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('feed-form-title');
    expect(
      await page
        .locator('#people-list .person-name')
        .evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value)),
    ).toEqual(['Josef', 'Jiří']);
    await feedForm.getByRole('button', { name: 'Add a person' }).click();
    await page.locator('#people-list .person-name').last().fill('Anna');
    await page.locator('#people-list .person-place').last().selectOption('country:CZ');
    await expectAccessible('people feed editor');
    await shot('people-feed-editor');
    await feedForm.getByRole('button', { name: 'Save the people' }).click();
    await card.getByText(/Anna \(Czechia\)/).waitFor();
    expect(await page.locator('#new-feed').isVisible()).toBe(false);
    expect(await (await fetch(feedUrl)).text()).toContain('Anna');
    await expectNoSidewaysScroll();
  });

  it('changes the password with the current one', async () => {
    const email = await signUp();
    const form = page.locator('#password-form');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.locator('#current-password-error').textContent()).resolves.toBe('Enter your current password');
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password').fill('a new and long passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.locator('#current-password-error').filter({ hasText: "That password doesn't match your account" }).waitFor();
    await expectAccessible('change password with errors');
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.locator('#status').filter({ hasText: 'Your password is changed.' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(email, PASSWORD);
    await page.locator('#sign-in-password-error').filter({ hasText: "don't match" }).waitFor();
    await signIn(email, 'a new and long passphrase');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  });

  it("resets a forgotten password with the code from cognito-local's log", async () => {
    const email = await signUp();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('#sign-in-form').getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('forgot-title');
    expect(await page.locator('#forgot-email').inputValue()).toBe(email);
    await page.locator('#forgot-email').fill('');
    await page.getByRole('button', { name: 'Send the code' }).click();
    await expect(page.locator('#forgot-email-error').textContent()).resolves.toBe('Enter your email address');
    await expectAccessible('forgotten password form with an error');
    await page.locator('#forgot-email').fill(email);
    await page.getByRole('button', { name: 'Send the code' }).click();
    await page.getByLabel('Code from the email').waitFor();
    await page.getByLabel('Code from the email').fill('12');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.locator('#reset-code-error').textContent()).resolves.toBe('Enter the 6 digits from the email');
    await expect(page.locator('#reset-password-error').textContent()).resolves.toBe('Enter a password');
    await expectAccessible('reset form with errors');
    await shot('reset-password');

    await page.getByLabel('Code from the email').fill(codeSentTo(email));
    await page.locator('#reset-form').getByLabel('New password').fill('my recovered passphrase');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.locator('#status').filter({ hasText: 'sign in with the new one' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-in-password');
    await signIn(email, 'my recovered passphrase');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  });

  it('deletes the account after the password: its keys answer 401 at once', async () => {
    const email = await signUp();
    const key = await createKey('doomed');
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.locator('#confirm-dialog-password-error').filter({ hasText: "doesn't match" }).waitFor();
    await expectAccessible('delete dialog with error');
    await shot('delete-dialog');
    expect((await callApi(key)).status).toBe(200);
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.locator('#status').filter({ hasText: 'Your account is deleted' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('landing-title');
    expect((await callApi(key)).status).toBe(401);
    await signIn(email, PASSWORD);
    await page.locator('#sign-in-password-error').filter({ hasText: "don't match" }).waitFor();
  });

  it('works by keyboard alone, from a new account to a key and a feed', async () => {
    await page.goto(`${service.url}/dashboard`);
    /** Tabs forward until the element with `id` has focus: it must be reachable by keyboard. */
    const tabTo = async (id: string) => {
      for (let presses = 0; presses < 60; presses += 1) {
        if ((await page.evaluate(() => document.activeElement?.id)) === id) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`${id} is not reachable with Tab`);
    };
    await tabTo('sign-up-email');
    await page.keyboard.type(newEmail());
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'dashboard-title');
    await tabTo('key-label');
    await page.keyboard.type('keyboard');
    await page.keyboard.press('Enter');
    await page.locator('#new-key').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('new-key-title');
    await tabTo('dismiss-key');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('key-label');
    await tabTo('feed-place');
    await page.keyboard.press('ArrowDown');
    await tabTo('feed-submit');
    await page.keyboard.press('Enter');
    await page.locator('#new-feed').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('new-feed-title');
    // Revoking by keyboard: the dialog takes focus on Cancel, Escape closes it and gives focus back.
    const revoke = page
      .locator('#keys li')
      .first()
      .getByRole('button', { name: /^Revoke key/ });
    await revoke.focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('confirm-dialog-cancel');
    await page.keyboard.press('Escape');
    expect(await revoke.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

describe('the dashboard on the narrowest screen (320 px)', () => {
  it('never scrolls sideways: signed out, with errors, and signed in with keys and feeds', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    try {
      await page.goto(`${service.url}/dashboard`);
      expect(await sideways()).toBeLessThanOrEqual(0);
      await page.locator('#sign-up-form').getByRole('button', { name: 'Create account' }).click();
      expect(await sideways()).toBeLessThanOrEqual(0);
      await page.locator('#sign-up-form').getByLabel('Email').fill(newEmail());
      await page.locator('#sign-up-form').getByLabel('Choose a password').fill(PASSWORD);
      await page.locator('#sign-up-form').getByRole('button', { name: 'Create account' }).click();
      await page.waitForFunction(() => document.activeElement?.id === 'dashboard-title');
      await page.getByLabel('Label (optional)').fill('a rather long label for a narrow screen');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.locator('#new-key').waitFor();
      await page.locator('#feed-form').getByLabel('Country or calendar', { exact: true }).selectOption('country:CZ');
      await page.getByRole('button', { name: 'Make the feed' }).click();
      await page.locator('#new-feed').waitFor();
      expect(await sideways()).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SCREENSHOTS, 'narrow-320-keys-and-feeds.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});

describe('the dashboard where sign-ups are confirmed by the emailed code', () => {
  it("confirms a new account with the code from cognito-local's log, after refusing a wrong one beside the field", async () => {
    const directory = mkdtempSync(join(tmpdir(), 'nameday-browser-code-'));
    const coded = await startCheckedService({
      port: 0,
      dataDir: directory,
      logger: recordingLogger(),
      dashboard: true,
      confirmSignUps: 'code',
      data: { ...data, definitions: data.definitions.filter((calendar) => calendar.country === 'CZ') },
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      const email = newEmail();
      await page.goto(`${coded.url}/dashboard`);
      await page.locator('#sign-up-form').getByLabel('Email').fill(email);
      await page.locator('#sign-up-form').getByLabel('Choose a password').fill(PASSWORD);
      await page.locator('#sign-up-form').getByRole('button', { name: 'Create account' }).click();
      await page.waitForFunction(() => document.activeElement?.id === 'confirm-title');
      await expect(page.locator('#confirm-email').textContent()).resolves.toBe(email);
      await page.getByLabel('Code', { exact: true }).fill('000000');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.locator('#confirm-code-error').filter({ hasText: 'That code is wrong or has expired' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, 'phone-confirm-code.png'), fullPage: true });
      await page.getByLabel('Code', { exact: true }).fill(codeSentTo(email, 'SignUp', directory));
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForFunction(() => document.activeElement?.id === 'dashboard-title');
    } finally {
      await context.close();
      await coded.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
