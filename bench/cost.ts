import type { OperationFigures } from './operation-figures';
import { FUNCTION_MEMORY_MB } from '../lambda/contract';
import { round } from './stats';

/**
 * Public on-demand prices (us-east-1, as published for 2025-2026), the assumption behind the cost
 * figures: API Gateway REST API per million requests (first tier); Lambda arm64 per GB-second and per
 * million requests; DynamoDB on-demand per million read and write request units.
 */
export const PRICES = {
  apiGatewayPerMillion: 3.5,
  lambdaPerGbSecond: 0.0000133334,
  lambdaPerMillionRequests: 0.2,
  dynamoReadUnitPerMillion: 0.125,
  dynamoWriteUnitPerMillion: 0.625,
  cloudWatchLogsIngestionPerGb: 0.5,
  cloudWatchLogsInfrequentAccessPerGb: 0.25,
} as const;

/**
 * API Gateway's access log line for one request, as the stack's format writes it (request id, time,
 * method, resource, status, latencies, key id, error type) with typical values.
 */
export const ACCESS_LOG_LINE_BYTES = Buffer.byteLength(
  JSON.stringify({
    requestId: '0f4772f9-e5f1-4c23-a0f3-fe51c93f9a3c',
    time: '1764000000000',
    method: 'GET',
    resource: '/api/v1/namedays',
    status: '200',
    latencyMs: '12',
    apiKeyId: 'abcd1234ef',
  }),
);

/** The name day functions' memory in the stack. */
export const LAMBDA_MEMORY_MB = FUNCTION_MEMORY_MB.listing;

/**
 * Dollars per million calls, all in: the measured mean billed handler time (this machine's, a stand-in
 * for Lambda's), the request units the store reported for the call's reads and its counter write, and
 * the log lines a request writes, at CloudWatch's ingestion prices: the function's one request line
 * (measured; standard class, since its embedded metrics need it) and API Gateway's access log line
 * (infrequent-access class). Lambda's own START/END/REPORT lines are not written:
 * the functions log in JSON with the system log level at WARN.
 */
export const costPerMillion = (operations: readonly OperationFigures[], functionLogBytes: number) =>
  operations.map((operation) => {
    const lambdaCompute = (operation.billedMeanMs / 1000) * (LAMBDA_MEMORY_MB / 1024) * PRICES.lambdaPerGbSecond * 1e6;
    const logs =
      (1e6 *
        (functionLogBytes * PRICES.cloudWatchLogsIngestionPerGb +
          ACCESS_LOG_LINE_BYTES * PRICES.cloudWatchLogsInfrequentAccessPerGb)) /
      1024 ** 3;
    const dynamo =
      operation.readUnits * PRICES.dynamoReadUnitPerMillion + operation.writeUnits * PRICES.dynamoWriteUnitPerMillion;
    const parts = {
      apiGateway: PRICES.apiGatewayPerMillion,
      lambdaRequests: PRICES.lambdaPerMillionRequests,
      lambdaCompute: round(lambdaCompute, 3),
      dynamoDb: round(dynamo, 3),
      logs: round(logs, 3),
    };
    return {
      name: operation.name,
      durationMs: operation.billedMeanMs,
      logBytes: functionLogBytes + ACCESS_LOG_LINE_BYTES,
      readUnits: operation.readUnits,
      writeUnits: operation.writeUnits,
      ...parts,
      total: round(parts.apiGateway + parts.lambdaRequests + parts.lambdaCompute + parts.dynamoDb + parts.logs, 2),
    };
  });
