/**
 * The API's routes and which function serves each: the stack builds API Gateway's resources from this
 * table and the local gateway its routing, so both hosts answer the same paths.
 */
export const ROUTES = {
  listing: ['/api/v1/namedays', '/api/namedays'],
  calendars: ['/api/v1/calendars'],
  search: ['/api/search', '/api/v1/search'],
  namedaysFeed: ['/api/v1/feeds/{token}/namedays.ics'],
  searchFeed: ['/api/v1/feeds/{token}/search.ics'],
} as const;

/** Feed routes carry their credential in the path (calendar apps send no headers): no x-api-key. */
export const FEED_OPERATIONS = ['namedaysFeed', 'searchFeed'] as const;

/** The name day functions; each serves the operations listed here. */
export const FUNCTIONS = {
  listing: { id: 'ListingFunction', entry: 'listing-lambda', operations: ['listing', 'calendars', 'namedaysFeed'] },
  search: { id: 'SearchFunction', entry: 'search-lambda', operations: ['search', 'searchFeed'] },
} as const;

export type Operation = keyof typeof ROUTES;

/** The query parameters each operation reads; API Gateway declares them, and ignores others as we do. */
export const QUERY_PARAMETERS: Readonly<Record<Operation, readonly string[]>> = {
  listing: ['country', 'date', 'month', 'calendar_id', 'limit', 'offset', 'tz'],
  calendars: [],
  search: ['q', 'year', 'tz'],
  namedaysFeed: ['country', 'calendar_id', 'tz'],
  searchFeed: ['q', 'tz'],
};

export const isFeedOperation = (operation: string): boolean => (FEED_OPERATIONS as readonly string[]).includes(operation);
export type FunctionRole = keyof typeof FUNCTIONS;

/** The resource paths a function serves. */
export const resourcesOf = (role: FunctionRole): readonly string[] =>
  FUNCTIONS[role].operations.flatMap((operation) => ROUTES[operation]);

/** The methods the API answers (HEAD exactly as GET, without the body); any other on a known path is 405. */
export const ALLOWED_METHODS = ['GET', 'HEAD'] as const;

/** The `Allow` header of a 405. */
export const ALLOW_HEADER = ALLOWED_METHODS.join(', ');
