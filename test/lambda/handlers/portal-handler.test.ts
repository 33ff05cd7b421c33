import type { Accounts, SessionVerifier } from '../../../lambda/core/accounts/accounts';
import type { AccountKeys } from '../../../lambda/core/access/account-keys';
import { makePortalHandler } from '../../../lambda/handlers/portal-handler';
import { getEvent } from '../../support/events';
import { recordingLogger } from '../../support/silent-logger';

// Only the page is reached on these routes: the pool and the keys are never asked.
const handler = makePortalHandler({
  accounts: {} as Accounts,
  sessions: {} as SessionVerifier,
  keys: {} as AccountKeys,
  page: { respond: () => ({ statusCode: 200, headers: {}, body: '<!doctype html>' }) },
  reference: { respond: () => ({ statusCode: 200, headers: {}, body: '<!doctype html>' }) },
  logger: recordingLogger(),
});

/** An event as API Gateway's stage hands it over: the resource, the path, and the path the client asked for. */
const asked = (resource: string, path: string, clientPath: string) => {
  const event = getEvent(resource);
  return { ...event, path, requestContext: { ...event.requestContext, path: clientPath } };
};

describe('the portal handler leads to the dashboard', () => {
  it.each([
    ['/', '/', '/', '/dashboard'],
    ['/', '/', '/prod/', '/prod/dashboard'],
    ['/', '/', '/prod', '/prod/dashboard'],
    ['/dashboard', '/dashboard/', '/dashboard/', '/dashboard'],
    ['/dashboard', '/dashboard/', '/prod/dashboard/', '/prod/dashboard'],
    ['/dashboard', '/dashboard/', '/names/v1/dashboard/', '/names/v1/dashboard'],
  ])('answers %s asked as %s (client path %s) with 302 to %s', async (resource, path, clientPath, location) => {
    const response = await handler(asked(resource, path, clientPath));
    expect([response.statusCode, response.headers?.Location]).toEqual([302, location]);
  });

  it('serves the page itself at /dashboard', async () => {
    const response = await handler(asked('/dashboard', '/dashboard', '/prod/dashboard'));
    expect([response.statusCode, response.body]).toEqual([200, '<!doctype html>']);
  });
});
