import { loadErrorReason } from '../lib/load-error-reason.ts';

const apiError = (status: number | 'FETCH_ERROR' | 'TIMEOUT_ERROR', message = `${status}: {"error":"Service unavailable","requestId":"abc"}`) => ({ name: 'ApiError' as const, status, message });

describe('loadErrorReason', () => {
  it('tells a visitor in plain words, with the status for support, never the raw body', () => {
    const reason = loadErrorReason(apiError(503));
    expect(reason).toBe('This part of the site is not available right now. Please try again in a moment. (error 503)');
    expect(reason).not.toContain('{');
    expect(loadErrorReason(apiError(404))).toBe('Please try again in a moment. (error 404)');
  });
  it('says when the site could not be reached at all', () => {
    expect(loadErrorReason(apiError('FETCH_ERROR', 'TypeError: Failed to fetch'))).toMatch(/could not reach the site/);
    expect(loadErrorReason(apiError('TIMEOUT_ERROR', 'timeout'))).toMatch(/could not reach the site/);
  });
  it('has a plain answer for anything else', () => {
    expect(loadErrorReason(new Error('boom'))).toBe('Please try again in a moment.');
  });
});
