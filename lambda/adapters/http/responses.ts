import type { APIGatewayProxyResult } from 'aws-lambda';
import { JSON_CONTENT_TYPE } from '../../contract';

export const jsonResponse = (statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult => ({
  statusCode,
  headers: { 'Content-Type': JSON_CONTENT_TYPE, ...headers },
  body: JSON.stringify(body),
});
