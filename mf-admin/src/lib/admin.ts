import type { PublicUser } from '@cp/contracts';

/**
 * What the admin page needs before any form: the gate, the list's figures, the delete confirmations. The forms' helpers
 * are in admin-forms.ts, which only the form dialogs (loaded on intent) import.
 */
export { ctr } from '@cp/contracts';

export const CONFIRM_DELETE_AD = 'Are you sure you want to delete this advertisement?';
export const CONFIRM_DELETE_BUSINESS = 'Are you sure you want to delete this business?';

/**
 * The page's loading state (@cp/ui's LoadingState: a title's bar and a panel's): while the session is asked for (also
 * the server's markup), while an admin's dashboard loads, and in a tab's panel while that tab's code loads.
 */
export const PAGE_LOADING = { bars: ['h-10 w-64', 'h-48 w-full'], className: 'space-y-4' } as const;

/** Which screen /admin shows (spec §2 Admin): the login gate, the admin gate, or the tabs. */
export function adminGate(user: Pick<PublicUser, 'isAdmin'> | null): 'login' | 'denied' | 'admin' {
  if (!user) return 'login';
  return user.isAdmin ? 'admin' : 'denied';
}
