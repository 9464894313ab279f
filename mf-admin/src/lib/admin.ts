import type { PublicUser } from '@cp/contracts';

/**
 * What the admin page needs before any form: the gate, the list's figures, the delete confirmations. The forms' helpers
 * are in admin-forms.ts, which only the form dialogs (loaded on intent) import.
 */
export { ctr } from '@cp/contracts';

export const CONFIRM_DELETE_AD = 'Are you sure you want to delete this advertisement?';
export const CONFIRM_DELETE_BUSINESS = 'Are you sure you want to delete this business?';

/** Which screen /admin shows (spec §2 Admin): the login gate, the admin gate, or the tabs. */
export function adminGate(user: Pick<PublicUser, 'isAdmin'> | null): 'login' | 'denied' | 'admin' {
  if (!user) return 'login';
  return user.isAdmin ? 'admin' : 'denied';
}
