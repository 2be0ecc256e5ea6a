import { bkashFailure, readBkashAnswer, scrubSecrets } from './bkash-answer';
import {
  BKASH_ERROR_CODES,
  BKASH_QUERY_CODES,
  BkashError,
  bkashErrorAction,
  bkashErrorMessage,
} from './bkash-errors';

function thrown(fn: () => unknown): BkashError {
  try {
    fn();
  } catch (error) {
    if (error instanceof BkashError) return error;
    throw error;
  }
  throw new Error('expected a BkashError');
}

describe('bKash error codes', () => {
  it('lists the codes to query after: 2029, 2056, 2062, 2068, 2069, 2117', () => {
    expect([...BKASH_QUERY_CODES].sort()).toEqual(['2029', '2056', '2062', '2068', '2069', '2117']);
  });

  it.each([
    ['2062', 'query', 'The payment has already been completed'],
    ['2117', 'query', 'The payment execution has already been completed'],
    ['2056', 'query', 'Invalid Payment State'],
    ['503', 'retry-later', 'System is undergoing maintenance. Please try again later'],
    ['2001', 'config', 'Invalid App Key'],
    ['2048', 'config', 'Invalid Payer Reference'],
    ['2049', 'config', 'Invalid Merchant Callback URL'],
    ['2023', 'customer', 'Insufficient Balance'],
    ['2006', 'bug', 'Invalid amount'],
    ['2065', 'bug', 'Mendatory field missing'],
    ['2002', 'failed', 'Invalid Payment ID'],
  ])('%s: %s (%s)', (code, action, message) => {
    expect(bkashErrorAction(code)).toBe(action);
    expect(bkashErrorMessage(code)).toBe(message);
    expect(BKASH_ERROR_CODES[code]).toEqual({ message, action });
  });

  it('treats an unknown code as a plain failure', () => {
    expect(bkashErrorAction('9999')).toBe('failed');
    expect(bkashErrorMessage('9999')).toBeUndefined();
  });
});

describe('BkashError.shouldQuery', () => {
  it.each<[string, BkashError, boolean]>([
    ['a timeout', new BkashError('timeout', { operation: 'execute' }), true],
    ['a connection dropped after sending', new BkashError('network', { operation: 'execute' }), true],
    ['a refused connection', new BkashError('network', { operation: 'execute', requestSent: false }), false],
    ['HTTP 503', new BkashError('http', { operation: 'execute', httpStatus: 503 }), true],
    ['HTTP 502', new BkashError('http', { operation: 'execute', httpStatus: 502 }), true],
    ['HTTP 404', new BkashError('http', { operation: 'execute', httpStatus: 404 }), false],
    ['an unreadable 200', new BkashError('http', { operation: 'execute', httpStatus: 200 }), true],
    ['a refused token', new BkashError('unauthorized', { operation: 'execute', httpStatus: 401 }), true],
    ['2062', new BkashError('rejected', { operation: 'execute', statusCode: '2062' }), true],
    ['2117', new BkashError('rejected', { operation: 'execute', statusCode: '2117' }), true],
    ['2056', new BkashError('rejected', { operation: 'execute', statusCode: '2056' }), true],
    ['2029', new BkashError('rejected', { operation: 'create', statusCode: '2029' }), true],
    ['2023', new BkashError('rejected', { operation: 'execute', statusCode: '2023' }), false],
    ['2001', new BkashError('rejected', { operation: 'create', statusCode: '2001' }), false],
  ])('%s → %s', (_what, error, expected) => {
    expect(error.shouldQuery).toBe(expected);
  });

  it('says which codes mean "already completed"', () => {
    expect(new BkashError('rejected', { operation: 'execute', statusCode: '2062' }).alreadyCompleted).toBe(
      true,
    );
    expect(new BkashError('rejected', { operation: 'execute', statusCode: '2117' }).alreadyCompleted).toBe(
      true,
    );
    expect(new BkashError('rejected', { operation: 'execute', statusCode: '2056' }).alreadyCompleted).toBe(
      false,
    );
  });

  it('names config errors, including refused credentials on grant', () => {
    expect(new BkashError('unauthorized', { operation: 'grant', httpStatus: 401 }).configError).toBe(true);
    expect(new BkashError('rejected', { operation: 'grant', statusCode: '2001' }).configError).toBe(true);
    expect(new BkashError('unauthorized', { operation: 'query', httpStatus: 401 }).configError).toBe(false);
    expect(new BkashError('rejected', { operation: 'grant', statusCode: '2001' }).action).toBe('config');
  });

  it('retries later on maintenance, 5xx, timeouts and lost connections', () => {
    expect(new BkashError('rejected', { operation: 'create', statusCode: '503' }).retryLater).toBe(true);
    expect(new BkashError('http', { operation: 'create', httpStatus: 500 }).retryLater).toBe(true);
    expect(new BkashError('timeout', { operation: 'create' }).retryLater).toBe(true);
    expect(new BkashError('rejected', { operation: 'create', statusCode: '2023' }).retryLater).toBe(false);
  });

  it('writes a message naming the operation and bKash code', () => {
    const error = new BkashError('rejected', {
      operation: 'execute',
      statusCode: '2023',
      statusMessage: 'Insufficient Balance',
    });
    expect(error.message).toBe('bKash execute payment was rejected: 2023 Insufficient Balance');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('BkashError');
  });
});

describe('readBkashAnswer', () => {
  it('returns a successful body', () => {
    const body = readBkashAnswer(
      'query',
      200,
      '{"statusCode":"0000","statusMessage":"Successful","paymentID":"TR1","transactionStatus":"Completed"}',
      { required: ['paymentID'] },
    );
    expect(body).toEqual({
      statusCode: '0000',
      statusMessage: 'Successful',
      paymentID: 'TR1',
      transactionStatus: 'Completed',
    });
  });

  it('takes a success without statusCode (v1.2.0-beta refund answers)', () => {
    expect(
      readBkashAnswer('refund', 200, '{"refundTrxID":"ABCDE12345","transactionStatus":"Completed"}', {
        required: ['refundTrxID'],
      }),
    ).toEqual({ refundTrxID: 'ABCDE12345', transactionStatus: 'Completed' });
  });

  it('rejects a statusCode other than 0000 sent with HTTP 200', () => {
    const error = thrown(() =>
      readBkashAnswer(
        'execute',
        200,
        '{"statusCode":"2062","statusMessage":"The payment has already been completed"}',
      ),
    );
    expect(error).toMatchObject({
      kind: 'rejected',
      statusCode: '2062',
      statusMessage: 'The payment has already been completed',
      httpStatus: 200,
      operation: 'execute',
    });
    expect(error.shouldQuery).toBe(true);
  });

  it('reads the older errorCode/errorMessage envelope', () => {
    expect(
      thrown(() => readBkashAnswer('create', 200, '{"errorCode":"2006","errorMessage":"Invalid amount"}')),
    ).toMatchObject({ kind: 'rejected', statusCode: '2006', statusMessage: 'Invalid amount' });
  });

  it('treats the gateway message body as unauthorized, even with HTTP 200', () => {
    expect(thrown(() => readBkashAnswer('query', 200, '{"message":"Unauthorized"}'))).toMatchObject({
      kind: 'unauthorized',
      statusMessage: 'Unauthorized',
    });
    expect(thrown(() => readBkashAnswer('query', 401, ''))).toMatchObject({
      kind: 'unauthorized',
      httpStatus: 401,
    });
  });

  it('treats 5xx as http whatever the body says', () => {
    const error = thrown(() =>
      readBkashAnswer(
        'execute',
        503,
        '{"statusCode":"503","statusMessage":"System is undergoing maintenance. Please try again later"}',
      ),
    );
    expect(error).toMatchObject({ kind: 'http', httpStatus: 503, statusCode: '503' });
    expect(error.shouldQuery).toBe(true);
  });

  it('treats an unreadable or incomplete answer as http', () => {
    expect(thrown(() => readBkashAnswer('execute', 200, '<html>oops</html>'))).toMatchObject({
      kind: 'http',
      httpStatus: 200,
    });
    const missing = thrown(() =>
      readBkashAnswer('create', 200, '{"statusCode":"0000","statusMessage":"Successful"}', {
        required: ['paymentID', 'bkashURL'],
      }),
    );
    expect(missing).toMatchObject({ kind: 'http' });
    expect(missing.message).toBe('bKash create answered without paymentID, bkashURL');
    expect(thrown(() => readBkashAnswer('query', 404, 'Not Found'))).toMatchObject({
      kind: 'http',
      httpStatus: 404,
    });
  });

  it('scrubs secrets bKash might echo from its messages', () => {
    const error = thrown(() =>
      readBkashAnswer('grant', 200, '{"statusCode":"2001","statusMessage":"Invalid App Key s3cr3t-key"}', {
        secrets: ['s3cr3t-key'],
      }),
    );
    expect(error.statusMessage).toBe('Invalid App Key ***');
    expect(error.message).not.toContain('s3cr3t-key');
    expect(scrubSecrets('x'.repeat(400), [])).toHaveLength(301);
  });
});

describe('bkashFailure', () => {
  it('maps an abort by AbortSignal.timeout to timeout', () => {
    const error = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(bkashFailure('execute', error)).toMatchObject({ kind: 'timeout', operation: 'execute' });
  });

  it('maps a refused connection to network, not sent', () => {
    const error = new TypeError('fetch failed', {
      cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
    });
    const failure = bkashFailure('execute', error);
    expect(failure).toMatchObject({ kind: 'network', requestSent: false });
    expect(failure.shouldQuery).toBe(false);
  });

  it('maps a reset connection to network, maybe sent', () => {
    const error = new TypeError('fetch failed', {
      cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
    });
    const failure = bkashFailure('execute', error);
    expect(failure).toMatchObject({ kind: 'network', requestSent: true });
    expect(failure.shouldQuery).toBe(true);
  });

  it('maps a port fetch refuses to use (bad port) to network, not sent', () => {
    const error = new TypeError('fetch failed', { cause: new Error('bad port') });
    expect(bkashFailure('grant', error)).toMatchObject({ kind: 'network', requestSent: false });
  });

  it('finds the code inside an AggregateError', () => {
    const inner = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    const error = new TypeError('fetch failed', { cause: new AggregateError([inner], 'all failed') });
    expect(bkashFailure('query', error)).toMatchObject({ kind: 'network', requestSent: false });
  });
});
