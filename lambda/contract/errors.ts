/**
 * Every error the API answers with, as the spec's error body shows it: status, `error` (the title) and,
 * where it never varies, `message`. The functions' error mapper, the local gateway and API Gateway's
 * gateway responses all answer from this table.
 */
export const ERRORS = {
  validation: { status: 400, title: 'Bad Request' },
  unauthorized: { status: 401, title: 'Unauthorized', message: 'Invalid or missing API key' },
  quotaExceeded: { status: 402, title: 'Payment Required', message: 'Monthly quota exceeded. Please upgrade your plan.' },
  routeNotFound: { status: 404, title: 'Not Found', message: 'Route not found' },
  notFound: { status: 404, title: 'Not Found' },
  forbidden: { status: 403, title: 'Forbidden' },
  conflict: { status: 409, title: 'Conflict' },
  payloadTooLarge: { status: 413, title: 'Payload Too Large', message: 'Request body too large' },
  sessionRequired: { status: 401, title: 'Unauthorized', message: 'Sign in first: missing, invalid or expired session' },
  methodNotAllowed: { status: 405, title: 'Method Not Allowed', message: 'Method not allowed. Use GET or HEAD' },
  rateLimited: { status: 429, title: 'Too Many Requests', message: 'Rate limit exceeded. Retry after 60 seconds.' },
  malformedRequest: { status: 400, title: 'Bad Request', message: 'Malformed request' },
  headersTooLarge: { status: 431, title: 'Request Header Fields Too Large', message: 'Malformed request' },
  internal: { status: 500, title: 'Internal Server Error', message: 'Internal server error' },
  storeUnavailable: { status: 503, title: 'Service Unavailable', message: 'Service temporarily unavailable. Please retry.' },
} as const;

export type ErrorKind = keyof typeof ERRORS;

/** The spec's error body: `{ error, message, statusCode }`. */
export const errorBody = (kind: ErrorKind, message?: string) => {
  const entry = ERRORS[kind];
  return { error: entry.title, message: message ?? ('message' in entry ? entry.message : entry.title), statusCode: entry.status };
};
