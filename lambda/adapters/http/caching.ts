import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { createHash } from 'node:crypto';
import { secondsToMidnightIn } from '../../core/shared/time-zone';

const ONE_DAY_SECONDS = 86400;

/**
 * How long a client may keep an answer. The data of a date never changes within a data version, so a
 * day; an answer about "today" or the current year only until the next midnight of its zone. Private:
 * answers are per key (they carry the key's limit headers).
 */
export const cacheControl = (answer: { dependsOnNow: boolean; timeZone: string }, now: Date): string =>
  `private, max-age=${answer.dependsOnNow ? Math.min(ONE_DAY_SECONDS, secondsToMidnightIn(now, answer.timeZone)) : ONE_DAY_SECONDS}`;

/** A strong tag of an answer: it changes with the data version and with the answer's bytes. */
export const entityTag = (dataVersion: string, body: string): string =>
  `"${createHash('sha256').update(dataVersion).update('\0').update(body).digest('base64url').slice(0, 27)}"`;

const ifNoneMatchOf = (event: APIGatewayProxyEvent): string | undefined => {
  const name = Object.keys(event.headers ?? {}).find((header) => header.toLowerCase() === 'if-none-match');
  return name === undefined ? undefined : (event.headers[name] ?? undefined);
};

/**
 * Tags a 200 and answers 304 with no body when the client already holds it (`If-None-Match`, weak
 * comparison as RFC 9110 asks for it). The request was counted all the same.
 */
export const withValidation = (
  event: APIGatewayProxyEvent,
  response: APIGatewayProxyResult,
  dataVersion: string,
): APIGatewayProxyResult => {
  if (response.statusCode !== 200) return response;
  const given = response.headers?.ETag;
  const tag = typeof given === 'string' ? given : entityTag(dataVersion, response.body);
  const headers: Record<string, string | number | boolean> = { ...response.headers, ETag: tag };
  const held = ifNoneMatchOf(event)
    ?.split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''));
  if (held?.includes(tag) || held?.includes('*')) {
    delete headers['Content-Type'];
    return { statusCode: 304, headers, body: '' };
  }
  return { ...response, headers };
};
