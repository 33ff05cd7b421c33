import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { DashboardPage } from '../adapters/http/dashboard-page';
import { PAGE_SECURITY_HEADERS } from '../adapters/http/dashboard-page';
import { bearerTokenOf, jsonBodyOf } from '../adapters/http/request-body';
import { runRequest } from '../adapters/http/request-pipeline';
import { jsonResponse } from '../adapters/http/responses';
import type { Logger } from '../adapters/logger';
import { codeFrom, emailFrom, labelFrom, passwordFrom, refreshTokenFrom } from '../core/accounts/account-input';
import type { Accounts, Identity, SessionVerifier } from '../core/accounts/accounts';
import type { AccountKeys } from '../core/access/account-keys';
import type { Clock } from '../core/shared/clock';
import { SessionRequiredError } from '../core/shared/errors';
import { dispatch } from './dispatch';

export interface PortalDeps {
  accounts: Accounts;
  sessions: SessionVerifier;
  keys: AccountKeys;
  page: DashboardPage;
  /** The API reference at /docs, rendered from docs/openapi.yaml. */
  reference: DashboardPage;
  logger: Logger;
  clock?: Clock;
}

/** Answers of the portal's API: never cached, never sniffed, never framed. */
const API_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': PAGE_SECURITY_HEADERS['X-Content-Type-Options'] as string,
  'X-Frame-Options': PAGE_SECURITY_HEADERS['X-Frame-Options'] as string,
};

const answer = (status: number, body: unknown) => jsonResponse(status, body, API_HEADERS);

const pathIdOf = (event: APIGatewayProxyEvent): string => event.pathParameters?.id ?? '';

/**
 * The dashboard's function: its page, the API reference, and the JSON API a signed-in person manages their keys with.
 * Key routes verify the session token themselves, behind API Gateway's Cognito authorizer as well, so
 * the check holds on both hosts; an account only ever reaches its own keys.
 */
export const makePortalHandler = (deps: PortalDeps) => {
  const identityOf = async (event: APIGatewayProxyEvent): Promise<Identity> => {
    const token = bearerTokenOf(event);
    if (!token) throw new SessionRequiredError();
    return deps.sessions.verify(token);
  };

  const route = dispatch<'portal'>({
    // The page's answers are synchronous; a promise keeps a missing asset's 404 on the pipeline's path.
    dashboardPage: () => Promise.resolve().then(() => deps.page.respond(undefined)),
    dashboardAsset: (event) => Promise.resolve().then(() => deps.page.respond(event.pathParameters?.asset)),
    referencePage: () => Promise.resolve().then(() => deps.reference.respond(undefined)),
    referenceAsset: (event) => Promise.resolve().then(() => deps.reference.respond(event.pathParameters?.asset)),
    signUp: async (event) => {
      const body = jsonBodyOf(event);
      return answer(201, await deps.accounts.signUp(emailFrom(body), passwordFrom(body)));
    },
    confirmSignUp: async (event) => {
      const body = jsonBodyOf(event);
      await deps.accounts.confirm(emailFrom(body), codeFrom(body));
      return answer(200, { confirmed: true });
    },
    signIn: async (event) => {
      const body = jsonBodyOf(event);
      return answer(200, await deps.accounts.signIn(emailFrom(body), text(body.password)));
    },
    signOut: async (event) => {
      await deps.accounts.signOut(refreshTokenFrom(jsonBodyOf(event)));
      return answer(200, { signedOut: true });
    },
    listAccountKeys: async (event) => {
      const identity = await identityOf(event);
      return answer(200, { account: { email: identity.email }, ...(await deps.keys.overview(identity.owner)) });
    },
    createAccountKey: async (event) => {
      const identity = await identityOf(event);
      return answer(201, await deps.keys.create(identity.owner, labelFrom(jsonBodyOf(event))));
    },
    // A key's id on key routes, a feed's on the feed route.
    revokeAccountKey: async (event) =>
      answer(200, { key: await deps.keys.revoke((await identityOf(event)).owner, pathIdOf(event)) }),
    rotateAccountKey: async (event) => answer(201, await deps.keys.rotate((await identityOf(event)).owner, pathIdOf(event))),
    createAccountFeed: async (event) => answer(201, await deps.keys.createFeed((await identityOf(event)).owner, pathIdOf(event))),
    revokeAccountFeed: async (event) =>
      answer(200, { feed: await deps.keys.revokeFeed((await identityOf(event)).owner, pathIdOf(event)) }),
  });

  // Error answers are made by the shared error mapper: they get the portal's headers here, so no
  // refusal of a session is cached either.
  return async (event: APIGatewayProxyEvent, context?: Context): Promise<APIGatewayProxyResult> => {
    const response = await runRequest({ logger: deps.logger, ...(deps.clock && { clock: deps.clock }) }, event, context, route);
    return { ...response, headers: { ...API_HEADERS, ...response.headers } };
  };
};

/** A password at sign-in is checked by the pool alone: an old account may predate today's policy. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
