import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * A stalled store must not hold a request until the function's own timeout: a request answers 503
 * with Retry-After within about three seconds (three attempts of at most a second each) instead.
 */
export const STORE_CLIENT_DEFAULTS: DynamoDBClientConfig = {
  maxAttempts: 3,
  requestHandler: { connectionTimeout: 500, requestTimeout: 1000, throwOnRequestTimeout: true },
};

/** The one DynamoDB client of a process; `config` points it at the embedded store when local. */
export const createDocumentClient = (config: DynamoDBClientConfig = {}): DynamoDBDocumentClient =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ ...STORE_CLIENT_DEFAULTS, ...config }), {
    marshallOptions: { removeUndefinedValues: true },
  });
