import { isApiError } from './api/base-query.ts';

/**
 * What a visitor is told about a failed read: plain words, and the status for support — never the raw response body
 * (it is JSON meant for developers).
 */
export function loadErrorReason(error: unknown): string {
  if (!isApiError(error)) return 'Please try again in a moment.';
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return 'We could not reach the site. Check your connection and try again.';
  if (typeof error.status === 'number' && error.status >= 500) return `This part of the site is not available right now. Please try again in a moment. (error ${error.status})`;
  if (typeof error.status === 'number') return `Please try again in a moment. (error ${error.status})`;
  return 'Please try again in a moment.';
}
