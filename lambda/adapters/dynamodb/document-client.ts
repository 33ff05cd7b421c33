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

/**
 * The deploy-time loader has minutes, not a second, and writes 25 items a call into tables that start
 * small: more attempts (the SDK backs off between them, longer after throttling) and a timeout that a
 * full batch under load fits in. The batch writer's own rounds come on top of these attempts.
 */
export const LOADER_CLIENT_DEFAULTS: DynamoDBClientConfig = {
  maxAttempts: 6,
  requestHandler: { connectionTimeout: 2000, requestTimeout: 10_000, throwOnRequestTimeout: true },
};

/** Wraps the SDK client, as the Lambda host's tracing does; by default nothing. */
export type ClientCapture = <Client extends object>(client: Client) => Client;

/** The one DynamoDB client of a process; `config` points it at the embedded store when local. */
export const createDocumentClient = (
  config: DynamoDBClientConfig = {},
  capture: ClientCapture = (client) => client,
): DynamoDBDocumentClient =>
  DynamoDBDocumentClient.from(capture(new DynamoDBClient({ ...STORE_CLIENT_DEFAULTS, ...config })), {
    marshallOptions: { removeUndefinedValues: true },
  });

/** The calendar loader's client: the loader's settings, then `config`. */
export const createLoaderClient = (config: DynamoDBClientConfig = {}, capture?: ClientCapture): DynamoDBDocumentClient =>
  createDocumentClient({ ...LOADER_CLIENT_DEFAULTS, ...config }, capture);
