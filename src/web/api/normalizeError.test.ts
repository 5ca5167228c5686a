import { normalizeError } from './normalizeError';

// A stand-in translator: the message keys are what the screens translate.
const t = (key: string) => `«${key}»`;

describe('normalizeError (spec §8)', () => {
  it('defaults to 500 with the unexpected-error message', () => {
    expect(normalizeError(undefined, t)).toEqual({ status: 500, message: '«errors.unexpected»', messageKey: 'errors.unexpected' });
    expect(normalizeError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, t)).toMatchObject({ status: 500, messageKey: 'errors.unexpected' });
    expect(normalizeError({ status: 'TIMEOUT_ERROR', error: 'TimeoutError' }, t)).toMatchObject({ status: 500, messageKey: 'errors.unexpected' });
    expect(normalizeError({ status: 500, data: {} }, t)).toMatchObject({ status: 500, messageKey: 'errors.unexpected' });
  });

  it.each([
    [404, 'errors.notFound'],
    [403, 'errors.accessDenied'],
    [401, 'errors.authRequired'],
  ])('%i has its fixed text whatever the body, and keeps the server\'s own apart', (status, key) => {
    expect(normalizeError({ status, data: { detail: 'server words' } }, t)).toEqual({ status, message: `«${key}»`, messageKey: key, serverMessage: 'server words' });
    expect(normalizeError({ status, data: '<html>' }, t)).toEqual({ status, message: `«${key}»`, messageKey: key });
  });

  it('takes the message from a text body, then message, detail, error', () => {
    expect(normalizeError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<h1>Bad gateway</h1>', error: 'SyntaxError' }, t)).toEqual({
      status: 502,
      message: '<h1>Bad gateway</h1>',
    });
    expect(normalizeError({ status: 400, data: 'plain words' }, t)).toEqual({ status: 400, message: 'plain words' });
    expect(normalizeError({ status: 400, data: { message: 'm', detail: 'd', error: 'e' } }, t).message).toBe('m');
    expect(normalizeError({ status: 400, data: { detail: 'd', error: 'e' } }, t).message).toBe('d');
    expect(normalizeError({ status: 400, data: { error: 'e' } }, t).message).toBe('e');
  });

  it('turns per-field lists into a validation error with field messages', () => {
    const data = { email: ['Enter a valid email address.'], password2: ['Passwords do not match.'], request_id: 'req-7' };
    expect(normalizeError({ status: 400, data }, t)).toEqual({
      status: 400,
      message: '«errors.validation»',
      messageKey: 'errors.validation',
      fields: { email: ['Enter a valid email address.'], password2: ['Passwords do not match.'] },
    });
  });

  it('keeps the fields beside a detail message', () => {
    expect(normalizeError({ status: 400, data: { detail: 'Fix these', username: ['Taken'] } }, t)).toEqual({
      status: 400,
      message: 'Fix these',
      fields: { username: ['Taken'] },
    });
  });

  it('is idempotent', () => {
    const once = normalizeError({ status: 400, data: { error: 'e' } }, t);
    expect(normalizeError(once, t)).toBe(once);
  });

  it('falls back to the English texts without a translator', () => {
    expect(normalizeError({ status: 404 }).message).toBe('Resource not found');
    expect(normalizeError({ status: 403 }).message).toBe('Access denied');
    expect(normalizeError({ status: 401 }).message).toBe('Authentication required');
    expect(normalizeError({ status: 400, data: { a: ['b'] } }).message).toBe('Validation error');
    expect(normalizeError(null).message).toBe('An unexpected error occurred');
  });
});
