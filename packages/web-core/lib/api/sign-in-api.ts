import { useCallback } from 'react';
import type { LoginRequest, PublicUser, RegisterRequest } from '@cp/contracts';
// The page's one API and session (the shared singleton), not a relative import: the sign-in page bundles this module.
import { authApi, baseApi, useAppDispatch } from '@cp/web-core';
import { mergeLocalSavesIntoAccount } from '../saved/merge-api.ts';
import type { AppDispatch } from '../store.ts';

/** A sign-in's answer is the user signed in from then on: the session's current user at once, without asking again. */
async function becomeCurrentUser(_body: unknown, { dispatch, queryFulfilled }: { dispatch: AppDispatch; queryFulfilled: Promise<{ data: PublicUser }> }) {
  try {
    const { data } = await queryFulfilled;
    dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data));
  } catch {
    // the caller shows the failure
  }
}

/**
 * Logging in and registering (spec §4, §7): `@cp/web-core/sign-in`, apart from the session's other calls so that only
 * the sign-in page loads them (a shared module is never tree-shaken). The new user becomes the current user, and the
 * listings saved in this browser while signed out are merged into the account (`../saved`).
 */
export const signInApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/local-login. */
    login: build.mutation<PublicUser, LoginRequest>({
      query: (body) => ({ url: '/api/local-login', method: 'POST', body }),
      onQueryStarted: becomeCurrentUser,
    }),
    /** POST /api/register. */
    register: build.mutation<PublicUser, RegisterRequest>({
      query: (body) => ({ url: '/api/register', method: 'POST', body }),
      onQueryStarted: becomeCurrentUser,
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation } = signInApi;

/** How long a sign-in waits for the merge of the local saves before the page moves on (the merge goes on meanwhile). */
export const SAVES_MERGE_WAIT_MS = 5_000;

/**
 * A login or registration, then the listings saved in this browser while signed out merged into the account (issue 22
 * §2), waited for (at most SAVES_MERGE_WAIT_MS) so the full-page redirect after a login (spec §4) does not cut it off.
 * A merge that fails leaves the local saves for the next try; the sign-in succeeds either way.
 */
export async function signInWithLocalSaves<T>(dispatch: AppDispatch, signIn: Promise<T>): Promise<T> {
  const user = await signIn;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([mergeLocalSavesIntoAccount(dispatch), new Promise((resolve) => (timer = setTimeout(resolve, SAVES_MERGE_WAIT_MS)))]);
  clearTimeout(timer);
  return user;
}

/** `login` and `register`, each resolving to the user (the current user from then on) or rejecting with the ApiError. */
export function useSignIn(): { login: (body: LoginRequest) => Promise<PublicUser>; register: (body: RegisterRequest) => Promise<PublicUser> } {
  const dispatch = useAppDispatch();
  const [loginMutation] = useLoginMutation();
  const [registerMutation] = useRegisterMutation();
  const login = useCallback((body: LoginRequest) => signInWithLocalSaves(dispatch, loginMutation(body).unwrap()), [dispatch, loginMutation]);
  const register = useCallback((body: RegisterRequest) => signInWithLocalSaves(dispatch, registerMutation(body).unwrap()), [dispatch, registerMutation]);
  return { login, register };
}
