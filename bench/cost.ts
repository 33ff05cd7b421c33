import type { OperationFigures } from './operation-figures';
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
} as const;

/** The functions' memory in the stack (ServiceFunction's default). */
export const LAMBDA_MEMORY_MB = 512;
/** Lambda bills whole milliseconds. */
const billedMs = (ms: number) => Math.max(1, Math.ceil(ms));

/**
 * Dollars per million calls, from the measured handler time (this machine's, a stand-in for Lambda's)
 * and the request units the store reported for the call's reads and its counter write.
 */
export const costPerMillion = (operations: readonly OperationFigures[]) =>
  operations.map((operation) => {
    const lambdaCompute = (billedMs(operation.handlerP50) / 1000) * (LAMBDA_MEMORY_MB / 1024) * PRICES.lambdaPerGbSecond * 1e6;
    const dynamo =
      operation.readUnits * PRICES.dynamoReadUnitPerMillion + operation.writeUnits * PRICES.dynamoWriteUnitPerMillion;
    const parts = {
      apiGateway: PRICES.apiGatewayPerMillion,
      lambdaRequests: PRICES.lambdaPerMillionRequests,
      lambdaCompute: round(lambdaCompute, 3),
      dynamoDb: round(dynamo, 3),
    };
    return {
      name: operation.name,
      durationMs: operation.handlerP50,
      readUnits: operation.readUnits,
      writeUnits: operation.writeUnits,
      ...parts,
      total: round(parts.apiGateway + parts.lambdaRequests + parts.lambdaCompute + parts.dynamoDb, 2),
    };
  });
