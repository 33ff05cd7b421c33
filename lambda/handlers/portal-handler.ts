import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { DashboardPage } from '../adapters/http/dashboard-page';
import { PAGE_SECURITY_HEADERS } from '../adapters/http/dashboard-page';
import { bearerTokenOf, jsonBodyOf } from '../adapters/http/request-body';
import { runRequest } from '../adapters/http/request-pipeline';
import { jsonResponse } from '../adapters/http/responses';
import type { Logger } from '../adapters/logger';
import { errorBody } from '../contract';
import { PersonNotFoundError } from '../core/feeds/people';
import {
  codeFrom,
  currentPasswordFrom,
  emailFrom,
  labelFrom,
  passwordFrom,
  refreshTokenFrom,
} from '../core/accounts/account-input';
import type { Accounts, Identity, SessionVerifier } from '../core/accounts/accounts';
import type { AccountKeys } from '../core/access/account-keys';
import type { Clock } from '../core/shared/clock';
import { SessionRequiredError, ValidationError } from '../core/shared/errors';
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

/**
 * `/`, and `/dashboard/` with its slash (API Gateway routes it to `/dashboard`, where the page's relative
 * links would then miss), lead to `/dashboard`. The target is built from the path the client asked
 * for, so a stage prefix (`/prod/`) or a custom domain's base path is kept.
 */
const toDashboard = (event: APIGatewayProxyEvent, resource: string): APIGatewayProxyResult => {
  const asked = (event.requestContext?.path ?? event.path).replace(/\/+$/, '');
  const base = resource === '/' ? asked : asked.slice(0, asked.length - '/dashboard'.length);
  return {
    statusCode: 302,
    headers: { ...API_HEADERS, Location: `${base}/dashboard`, 'Content-Type': 'text/plain; charset=utf-8' },
    body: 'See /dashboard',
  };
};

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
    home: (event) => Promise.resolve(toDashboard(event, '/')),
    dashboardPage: (event) =>
      Promise.resolve().then(() => (event.path.endsWith('/') ? toDashboard(event, '/dashboard') : deps.page.respond(undefined))),
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
    requestPasswordReset: async (event) => {
      await deps.accounts.requestPasswordReset(emailFrom(jsonBodyOf(event)));
      return answer(202, { codeSent: true });
    },
    confirmPasswordReset: async (event) => {
      const body = jsonBodyOf(event);
      await deps.accounts.resetPassword(emailFrom(body), codeFrom(body), passwordFrom(body));
      return answer(200, { passwordReset: true });
    },
    changePassword: async (event) => {
      const identity = await identityOf(event);
      const body = jsonBodyOf(event);
      const current = currentPasswordFrom(body);
      if (typeof body.newPassword !== 'string' || body.newPassword === '') throw new ValidationError('Enter a new password');
      // The new password meets the same rules as at sign-up.
      const next = passwordFrom({ password: body.newPassword });
      const proof = await deps.accounts.proveOwnership(identity.email, current);
      await deps.accounts.changePassword(proof, current, next);
      return answer(200, { passwordChanged: true });
    },
    deleteAccount: async (event) => {
      const identity = await identityOf(event);
      // The password first: nothing is revoked for a session someone else left open.
      const proof = await deps.accounts.proveOwnership(identity.email, currentPasswordFrom(jsonBodyOf(event), 'password'));
      const closed = await deps.keys.closeAll(identity.owner);
      await deps.accounts.deleteUser(proof);
      return answer(200, { deleted: true, ...closed });
    },
    listAccountKeys: async (event) => {
      const identity = await identityOf(event);
      const { usage, ...overview } = await deps.keys.overview(identity.owner);
      return answer(200, { account: { email: identity.email, usage }, ...overview });
    },
    createAccountKey: async (event) => {
      const identity = await identityOf(event);
      return answer(201, await deps.keys.create(identity.owner, labelFrom(jsonBodyOf(event))));
    },
    // A key's id on key routes, a feed's on the feed route.
    revokeAccountKey: async (event) =>
      answer(200, { key: await deps.keys.revoke((await identityOf(event)).owner, pathIdOf(event)) }),
    rotateAccountKey: async (event) => answer(201, await deps.keys.rotate((await identityOf(event)).owner, pathIdOf(event))),
    createAccountFeed: async (event) =>
      answer(201, await deps.keys.createFeed((await identityOf(event)).owner, pathIdOf(event), jsonBodyOf(event))),
    editAccountFeed: async (event) =>
      answer(200, await deps.keys.editFeed((await identityOf(event)).owner, pathIdOf(event), jsonBodyOf(event))),
    revokeAccountFeed: async (event) =>
      answer(200, { feed: await deps.keys.revokeFeed((await identityOf(event)).owner, pathIdOf(event)) }),
  });

  // Error answers are made by the shared error mapper: they get the portal's headers here, so no
  // refusal of a session is cached either.
  return async (event: APIGatewayProxyEvent, context?: Context): Promise<APIGatewayProxyResult> => {
    const response = await runRequest(
      { logger: deps.logger, ...(deps.clock && { clock: deps.clock }) },
      event,
      context,
      (routed) =>
        route(routed).catch((error: unknown) => {
          // The error body, plus which person and the forms to offer, so a page can point at the entry.
          if (error instanceof PersonNotFoundError)
            return answer(400, {
              ...errorBody('validation', error.message),
              person: error.person,
              suggestions: error.suggestions,
            });
          throw error;
        }),
    );
    return { ...response, headers: { ...API_HEADERS, ...response.headers } };
  };
};

/** A password at sign-in is checked by the pool alone: an old account may predate today's policy. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
