import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ERRORS, MAX_PORTAL_BODY_BYTES } from '../../contract';
import { ValidationError } from '../../core/shared/errors';
import { PayloadTooLargeError } from './http-errors';

/** A JSON object body, or `{}` when there is none; anything else is refused before a use case runs. */
export const jsonBodyOf = (event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>): Record<string, unknown> => {
  if (event.body === null || event.body === '') return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (raw.length > MAX_PORTAL_BODY_BYTES) throw new PayloadTooLargeError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ValidationError(ERRORS.malformedRequest.message);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ValidationError('The body must be a JSON object');
  return parsed as Record<string, unknown>;
};

/** The session token of `Authorization: <token>` or `Authorization: Bearer <token>`. */
export const bearerTokenOf = (event: Pick<APIGatewayProxyEvent, 'headers'>): string | undefined => {
  const name = Object.keys(event.headers ?? {}).find((header) => header.toLowerCase() === 'authorization');
  const value = name === undefined ? undefined : event.headers[name];
  if (!value) return undefined;
  return value.replace(/^Bearer\s+/i, '').trim() || undefined;
};
