/**
 * Saved searches with alerts (issue 22 §3): their limits and texts, without zod (safe for the smallest bundles; the
 * schemas are in saved-searches.ts).
 */

export const SAVED_SEARCH_NAME_MAX = 80;
/** Saved searches one user may keep (the list endpoint returns them all: bounded by this). */
export const SAVED_SEARCHES_PER_USER_MAX = 20;
/** How long the unsubscribe link of an alert mail keeps working. */
export const ALERT_UNSUBSCRIBE_LINK_DAYS = 60;
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily'] as const;

export const SAVED_SEARCH_MESSAGES = {
  nameRequired: 'Please name this search',
  nameTooLong: `The name can be at most ${SAVED_SEARCH_NAME_MAX} characters`,
  tooMany: `You can keep at most ${SAVED_SEARCHES_PER_USER_MAX} saved searches. Delete one to save another.`,
  notFound: 'Saved search not found',
  invalidLink: 'This unsubscribe link is invalid or has expired. Manage your alerts on the alerts page.',
  paused: 'Alert paused: you will get no more e-mails for this saved search. You can resume it on the alerts page.',
  pausedAll: 'Daily digest stopped: your daily alerts are paused. You can resume them on the alerts page.',
  gone: 'This saved search was deleted: you will get no more e-mails for it.',
} as const;
