import { StoreUnavailableError } from '../../core/errors';

interface SdkErrorShape {
  name?: string;
  $fault?: 'client' | 'server';
  $metadata?: { httpStatusCode?: number };
}

const OVERLOAD_ERRORS = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'LimitExceededException',
]);

/**
 * Overload, server faults and network failures mean "try again shortly" (503); a client fault is
 * our own bug and stays an internal error (500).
 */
export const isStoreUnavailable = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const shape = error as SdkErrorShape;
  if (shape.name && OVERLOAD_ERRORS.has(shape.name)) return true;
  if (shape.$fault === 'server') return true;
  return shape.$metadata?.httpStatusCode === undefined && shape.$fault === undefined;
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
