import { StoreUnavailableError } from '../../core/shared/errors';

interface SdkErrorShape {
  name?: string;
  code?: string;
  $fault?: 'client' | 'server';
  $metadata?: { httpStatusCode?: number };
}

const OVERLOAD_ERRORS = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'LimitExceededException',
]);

const NETWORK_ERROR_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'NetworkingError']);
const NETWORK_ERROR_CODES =
  /^(ECONNREFUSED|ECONNRESET|ECONNABORTED|ETIMEDOUT|EPIPE|EAI_AGAIN|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|UND_ERR)/;

/**
 * Overload, server faults and network failures mean "try again shortly" (503); a client fault, or
 * any other error, is our own bug and stays an internal error (500).
 */
export const isStoreUnavailable = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const shape = error as SdkErrorShape;
  if (shape.name && OVERLOAD_ERRORS.has(shape.name)) return true;
  if (shape.$fault === 'server') return true;
  if (shape.name && NETWORK_ERROR_NAMES.has(shape.name)) return true;
  return typeof shape.code === 'string' && NETWORK_ERROR_CODES.test(shape.code);
};

/** Runs a store call, turning "unavailable" failures into StoreUnavailableError. */
export const guardStoreCall = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (isStoreUnavailable(error)) throw new StoreUnavailableError(1, { cause: error });
    throw error;
  }
};
