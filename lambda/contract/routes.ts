/**
 * THE route table: every operation of the service once. The stack builds API Gateway's methods from it,
 * the local gateway its routing, each function its dispatch (operation → handler), the metrics their
 * operation names, and a test holds docs/openapi.yaml to it. Adding a route is one entry here, its
 * handler, its part of the document and a test.
 */

/** Which function serves an operation. */
export type ServingFunction = 'listing' | 'search' | 'portal';

/**
 * How a request is let in: an `x-api-key` (API Gateway and the function both check it), a feed token in
 * the path (calendar apps send no headers; the function checks it), the dashboard session's ID token in
 * `Authorization` (API Gateway's Cognito authorizer and the function), or nothing.
 */
export type Authorization = 'api-key' | 'feed-token' | 'session' | 'none';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDefinition {
  readonly method: RouteMethod;
  /** The first path is the canonical one; the others are aliases answering alike. */
  readonly paths: readonly [string, ...string[]];
  readonly function: ServingFunction;
  readonly authorization: Authorization;
  /** Query parameters the operation reads; API Gateway declares them, and both hosts ignore others. */
  readonly query: readonly string[];
  /** The `Operation` dimension of the request metrics (stable across renames of the operation id). */
  readonly metric: string;
}

const api = <F extends 'listing' | 'search', const Q extends readonly string[]>(
  paths: RouteDefinition['paths'],
  fn: F,
  authorization: 'api-key' | 'feed-token',
  query: Q,
  metric: string,
) => ({ method: 'GET', paths, function: fn, authorization, query, metric }) as const;

const portal = (method: RouteMethod, path: string, authorization: 'session' | 'none', metric: string) =>
  ({ method, paths: [path], function: 'portal', authorization, query: [], metric: `portal.${metric}` }) as const;

const LISTING_QUERY = ['country', 'date', 'month', 'calendar_id', 'limit', 'offset', 'tz'] as const;
const SEARCH_QUERY = ['q', 'year', 'tz'] as const;

/** Operation id (docs/openapi.yaml's operationId) → its route. */
export const ROUTE_TABLE = {
  listNamedays: api(['/api/v1/namedays', '/api/namedays'], 'listing', 'api-key', LISTING_QUERY, 'listing'),
  listCalendars: api(['/api/v1/calendars'], 'listing', 'api-key', [], 'calendars'),
  searchNames: api(['/api/search', '/api/v1/search'], 'search', 'api-key', SEARCH_QUERY, 'search'),
  namedaysFeed: api(
    ['/api/v1/feeds/{token}/namedays.ics'],
    'listing',
    'feed-token',
    ['country', 'calendar_id', 'tz'],
    'namedaysFeed',
  ),
  searchFeed: api(['/api/v1/feeds/{token}/search.ics'], 'search', 'feed-token', ['q', 'tz'], 'searchFeed'),

  home: portal('GET', '/', 'none', 'home'),
  dashboardPage: portal('GET', '/dashboard', 'none', 'page'),
  dashboardAsset: portal('GET', '/dashboard/{asset}', 'none', 'asset'),
  referencePage: portal('GET', '/docs', 'none', 'docs'),
  referenceAsset: portal('GET', '/docs/{asset}', 'none', 'docsAsset'),
  signUp: portal('POST', '/portal/v1/sign-up', 'none', 'signUp'),
  confirmSignUp: portal('POST', '/portal/v1/confirm', 'none', 'confirm'),
  signIn: portal('POST', '/portal/v1/sign-in', 'none', 'signIn'),
  signOut: portal('POST', '/portal/v1/sign-out', 'none', 'signOut'),
  requestPasswordReset: portal('POST', '/portal/v1/password-reset', 'none', 'passwordReset'),
  confirmPasswordReset: portal('POST', '/portal/v1/password-reset/confirmation', 'none', 'passwordResetConfirmation'),
  changePassword: portal('POST', '/portal/v1/password', 'session', 'password'),
  deleteAccount: portal('POST', '/portal/v1/account/deletion', 'session', 'accountDeletion'),
  listAccountKeys: portal('GET', '/portal/v1/keys', 'session', 'keys'),
  createAccountKey: portal('POST', '/portal/v1/keys', 'session', 'keys'),
  revokeAccountKey: portal('DELETE', '/portal/v1/keys/{id}', 'session', 'key'),
  rotateAccountKey: portal('POST', '/portal/v1/keys/{id}/rotation', 'session', 'rotation'),
  createAccountFeed: portal('POST', '/portal/v1/keys/{id}/feeds', 'session', 'keyFeeds'),
  editAccountFeed: portal('PUT', '/portal/v1/feeds/{id}', 'session', 'feed'),
  revokeAccountFeed: portal('DELETE', '/portal/v1/feeds/{id}', 'session', 'feed'),
} as const satisfies Readonly<Record<string, RouteDefinition>>;

export type OperationId = keyof typeof ROUTE_TABLE;

/** The query parameters an operation reads: its parser names them by this type, so both stay one list. */
export type QueryParameterOf<K extends OperationId> = (typeof ROUTE_TABLE)[K]['query'][number];

/** The operations a function serves, as a type: its dispatch map must name every one. */
export type OperationsOf<F extends ServingFunction> = {
  [K in OperationId]: (typeof ROUTE_TABLE)[K]['function'] extends F ? K : never;
}[OperationId];

export const OPERATION_IDS = Object.keys(ROUTE_TABLE) as OperationId[];

export const routeOf = (operation: OperationId): RouteDefinition => ROUTE_TABLE[operation];

/** The operations a function serves. */
export const operationsServedBy = (fn: ServingFunction): OperationId[] =>
  OPERATION_IDS.filter((operation) => ROUTE_TABLE[operation].function === fn);

/** Every resource path in the table (aliases included), each once, in table order. */
export const RESOURCE_PATHS: readonly string[] = [...new Set(OPERATION_IDS.flatMap((operation) => ROUTE_TABLE[operation].paths))];

/** The resource paths a function serves, each once. */
export const resourcesServedBy = (fn: ServingFunction): string[] =>
  RESOURCE_PATHS.filter((resource) => functionAt(resource) === fn);

/** The operations at a resource path, one per method. */
export const operationsAt = (resource: string): readonly OperationId[] => OPERATIONS_BY_RESOURCE.get(resource) ?? [];

// Indexed once: every request asks for its operation (the pipeline, the dispatch and the metrics each do).
const OPERATIONS_BY_RESOURCE: ReadonlyMap<string, readonly OperationId[]> = new Map(
  RESOURCE_PATHS.map((resource) => [
    resource,
    OPERATION_IDS.filter((operation) => (ROUTE_TABLE[operation].paths as readonly string[]).includes(resource)),
  ]),
);

/** The function that serves a resource path (one per path: API Gateway integrates a path's methods alike). */
export const functionAt = (resource: string): ServingFunction | undefined => {
  const [first] = operationsAt(resource);
  return first && ROUTE_TABLE[first].function;
};

/** The operation a request to a resource path makes; HEAD is answered as GET. */
export const operationFor = (resource: string, method: string): OperationId | undefined => {
  const asked = method === 'HEAD' ? 'GET' : method;
  return operationsAt(resource).find((operation) => ROUTE_TABLE[operation].method === asked);
};

/** The methods a resource path answers, for `Allow`: HEAD wherever GET is. */
export const allowedMethodsAt = (resource: string): string[] => {
  const methods = operationsAt(resource).map((operation) => ROUTE_TABLE[operation].method);
  return methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
};

/** The path parameters of a resource template, such as `token` in `/api/v1/feeds/{token}/namedays.ics`. */
export const pathParametersOf = (resource: string): string[] =>
  [...resource.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);

/**
 * Who answers a method a path does not take: API Gateway itself for the name day API (a mock, after the
 * key check), the portal function for its routes (so its 405 carries the portal's headers).
 */
export const METHOD_CHECK: Readonly<Record<ServingFunction, 'gateway' | 'function'>> = {
  listing: 'gateway',
  search: 'gateway',
  portal: 'function',
};

/** The methods the name day API answers (HEAD exactly as GET, without the body); any other on its paths is 405. */
export const ALLOWED_METHODS = ['GET', 'HEAD'] as const;

/** The `Allow` header of a 405 on the name day API. */
export const ALLOW_HEADER = ALLOWED_METHODS.join(', ');

/** The name day functions: their construct ids and Lambda entry files. */
export const FUNCTIONS = {
  listing: { id: 'ListingFunction', entry: 'listing-lambda' },
  search: { id: 'SearchFunction', entry: 'search-lambda' },
} as const;

export type FunctionRole = keyof typeof FUNCTIONS;
