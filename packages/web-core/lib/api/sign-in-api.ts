import { useCallback } from 'react';
import type { LoginRequest, PublicUser, RegisterRequest } from '@cp/contracts';
// The page's one API and session (the shared singleton), not a relative import: the sign-in page bundles this module.
import { authApi, baseApi } from '@cp/web-core';

/**
 * Logging in and registering (spec §4, §7): `@cp/web-core/sign-in`, apart from the session's other calls so that only
 * the sign-in page loads them (a shared module is never tree-shaken). The new user becomes the current user.
 */
export const signInApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/local-login. */
    login: build.mutation<PublicUser, LoginRequest>({
      query: (body) => ({ url: '/api/local-login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data));
        } catch {
          // the caller shows the failure
        }
      },
    }),
    /** POST /api/register. */
    register: build.mutation<PublicUser, RegisterRequest>({
      query: (body) => ({ url: '/api/register', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data));
        } catch {
          // the caller shows the failure
        }
      },
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation } = signInApi;

/** `login` and `register`, each resolving to the user (the current user from then on) or rejecting with the ApiError. */
export function useSignIn(): { login: (body: LoginRequest) => Promise<PublicUser>; register: (body: RegisterRequest) => Promise<PublicUser> } {
  const [loginMutation] = useLoginMutation();
  const [registerMutation] = useRegisterMutation();
  const login = useCallback((body: LoginRequest) => loginMutation(body).unwrap(), [loginMutation]);
  const register = useCallback((body: RegisterRequest) => registerMutation(body).unwrap(), [registerMutation]);
  return { login, register };
}
