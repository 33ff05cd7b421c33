import {
  ConditionalCheckFailedException,
  LimitExceededException,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  ThrottlingException,
} from '@aws-sdk/client-dynamodb';
import { StoreUnavailableError } from '../../core/shared/errors';

const OVERLOAD_ERRORS = [
  ProvisionedThroughputExceededException,
  ThrottlingException,
  RequestLimitExceeded,
  LimitExceededException,
];

const WRAPPED_NETWORK_FAILURE =
  /^AWS SDK error wrapper for .*(TimeoutError|socket hang up|ECONN|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH)/;

const NETWORK_ERROR_CODES =
  /^(ECONNREFUSED|ECONNRESET|ECONNABORTED|ETIMEDOUT|EPIPE|EAI_AGAIN|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|UND_ERR)/;

/**
 * Overload, server faults and network failures mean "try again shortly" (503); a client fault, or
 * any other error, is our own bug and stays an internal error (500). The SDK's request timeout has no
 * class of its own (a plain Error named TimeoutError), so it alone is known by its name.
 */
export const isStoreUnavailable = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  // The SDK's retry layer turns a failure that is not an Error of its own realm into a new Error that
  // keeps only the failure's text ("AWS SDK error wrapper for TimeoutError: socket hang up").
  if (WRAPPED_NETWORK_FAILURE.test(error.message)) return true;
  if (OVERLOAD_ERRORS.some((overload) => error instanceof overload)) return true;
  if ((error as { $fault?: string }).$fault === 'server') return true;
  if (error.name === 'TimeoutError') return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && NETWORK_ERROR_CODES.test(code);
};

export const isConditionFailure = (error: unknown): boolean => error instanceof ConditionalCheckFailedException;

/** Runs a store call, turning "unavailable" failures into StoreUnavailableError. */
export const guardStoreCall = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (isStoreUnavailable(error)) throw new StoreUnavailableError(1, { cause: error });
    throw error;
  }
};
