import { isStoreUnavailable } from '../../../../lambda/adapters/dynamodb/store-errors';

const sdkError = (name: string, fault: 'client' | 'server', status: number) =>
  Object.assign(new Error(name), { name, $fault: fault, $metadata: { httpStatusCode: status } });

describe('isStoreUnavailable', () => {
  it.each([
    ['throughput exceeded', sdkError('ProvisionedThroughputExceededException', 'client', 400), true],
    ['throttling', sdkError('ThrottlingException', 'client', 400), true],
    ['request limit', sdkError('RequestLimitExceeded', 'client', 400), true],
    ['a server fault', sdkError('InternalServerError', 'server', 500), true],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }), true],
    ['a reset connection', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), true],
    ['a timeout', Object.assign(new Error('timed out'), { name: 'TimeoutError' }), true],
    ['a validation error (our bug)', sdkError('ValidationException', 'client', 400), false],
    ['a failed condition', sdkError('ConditionalCheckFailedException', 'client', 400), false],
    ['a plain programming error', new TypeError('cannot read properties of undefined'), false],
    ['not an object', 'boom', false],
  ])('treats %s as unavailable: %s', (_case, error, expected) => {
    expect(isStoreUnavailable(error)).toBe(expected);
  });
});
