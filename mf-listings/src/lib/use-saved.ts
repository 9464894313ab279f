import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { toast } from '@cp/ui';
import { serverErrorText, useAppDispatch, useAuth } from '@cp/web-core';
import { localSavesSnapshot, mergeLocalSavesIntoAccount, serverLocalSaves, setLocalSave, subscribeLocalSaves } from '@cp/web-core/saved-listings';
import { useGetSavedListingIdsQuery, useRemoveSavedListingMutation, useSaveListingMutation } from '../api/saved-listings-api.ts';

/**
 * A listing's Save toggle (issue 22 §2). Signed in: the account's saves (the service; changed at once, undone when
 * refused, with the service's sentence in a toast — the cap's, say). Signed out: this browser's local saves, which are
 * merged into the account at login; should some still be here once signed in (a merge that failed, a login in another
 * tab), this merges them. The server renders nothing saved, as the first browser render does.
 */
export function useSaveToggle(listingId: string): { saved: boolean; toggle: () => void } {
  const { user } = useAuth();
  const signedIn = user !== null;
  const dispatch = useAppDispatch();
  const local = useSyncExternalStore(subscribeLocalSaves, localSavesSnapshot, serverLocalSaves);
  const { data: ids } = useGetSavedListingIdsQuery(undefined, { skip: !signedIn });
  const [save] = useSaveListingMutation();
  const [remove] = useRemoveSavedListingMutation();

  useEffect(() => {
    if (signedIn && local.length > 0) void mergeLocalSavesIntoAccount(dispatch);
  }, [signedIn, local.length, dispatch]);

  const saved = signedIn ? (ids ?? []).includes(listingId) || local.includes(listingId) : local.includes(listingId);
  const toggle = useCallback(() => {
    if (!signedIn) {
      setLocalSave(listingId, !saved);
      return;
    }
    const change = saved ? remove(listingId) : save(listingId);
    change.unwrap().catch((error: unknown) => {
      if (saved && (error as { status?: unknown } | null)?.status === 404) return;
      toast({ title: 'Error', description: serverErrorText(error) ?? 'Your saved listings could not be changed. Please try again.', variant: 'destructive' });
    });
  }, [signedIn, saved, listingId, save, remove]);
  return { saved, toggle };
}
