import type { APIGatewayProxyResult } from 'aws-lambda';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const jsonResponse = (
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyResult => ({
  statusCode,
  headers: { 'Content-Type': JSON_CONTENT_TYPE, ...headers },
  body: JSON.stringify(body),
});

/** The spec's error body: `{ error, message, statusCode }`. */
export const errorBody = (statusCode: number, error: string, message: string) => ({ error, message, statusCode });
