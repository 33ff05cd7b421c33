import type { APIGatewayProxyResult } from 'aws-lambda';
import { JSON_CONTENT_TYPE } from '../../contract';

export const jsonResponse = (statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult => ({
  statusCode,
  headers: { 'Content-Type': JSON_CONTENT_TYPE, ...headers },
  body: JSON.stringify(body),
});

/** A 200 whose body is already serialized (a kept answer), with headers of this request's own. */
export const serializedResponse = (
  answer: { body: string; headers: Record<string, string>; tag?: string },
  headers: Record<string, string> = {},
): APIGatewayProxyResult => ({
  statusCode: 200,
  headers: { 'Content-Type': JSON_CONTENT_TYPE, ...answer.headers, ...(answer.tag && { ETag: answer.tag }), ...headers },
  body: answer.body,
});
