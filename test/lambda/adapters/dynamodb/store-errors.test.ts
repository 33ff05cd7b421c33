import {
  ConditionalCheckFailedException,
  DynamoDBServiceException,
  InternalServerError,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  ThrottlingException,
} from '@aws-sdk/client-dynamodb';
import { isStoreUnavailable } from '../../../../lambda/adapters/dynamodb/store-errors';

const serviceErrors = {
  ProvisionedThroughputExceededException,
  ThrottlingException,
  RequestLimitExceeded,
  InternalServerError,
  ConditionalCheckFailedException,
} as const;

/** A real SDK exception where the SDK has its class, else the SDK's generic service exception. */
const sdkError = (name: string, fault: 'client' | 'server', status: number) => {
  const options = { message: name, $metadata: { httpStatusCode: status } };
  const Known = serviceErrors[name as keyof typeof serviceErrors];
  return Known ? new Known(options) : new DynamoDBServiceException({ ...options, name, $fault: fault });
};

describe('isStoreUnavailable', () => {
  it.each([
    ['throughput exceeded', sdkError('ProvisionedThroughputExceededException', 'client', 400), true],
    ['throttling', sdkError('ThrottlingException', 'client', 400), true],
    ['request limit', sdkError('RequestLimitExceeded', 'client', 400), true],
    ['a server fault', sdkError('InternalServerError', 'server', 500), true],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }), true],
    ['a reset connection', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), true],
    ['a timeout', Object.assign(new Error('timed out'), { name: 'TimeoutError' }), true],
    ['a dropped connection the SDK wrapped', new Error('AWS SDK error wrapper for TimeoutError: socket hang up'), true],
    ['another failure the SDK wrapped', new Error('AWS SDK error wrapper for undefined'), false],
    ['a validation error (our bug)', sdkError('ValidationException', 'client', 400), false],
    ['a failed condition', sdkError('ConditionalCheckFailedException', 'client', 400), false],
    ['a plain programming error', new TypeError('cannot read properties of undefined'), false],
    ['not an object', 'boom', false],
  ])('treats %s as unavailable: %s', (_case, error, expected) => {
    expect(isStoreUnavailable(error)).toBe(expected);
  });
});
