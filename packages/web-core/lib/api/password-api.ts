import type { ForgotPasswordRequest, MessageResponse, ResetPasswordRequest } from '@cp/contracts';
// The page's one API (the shared singleton), not a relative import: this module is bundled by the pages that use it.
import { baseApi } from '@cp/web-core';

/**
 * Forgot and reset password (spec §4): `@cp/web-core/password-api`, apart from the session's endpoints so that only
 * the two pages that use them load them (a shared module is never tree-shaken).
 */
export const passwordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/forgot-password: answers `{ message }`. */
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordRequest>({
      query: (body) => ({ url: '/api/forgot-password', method: 'POST', body }),
    }),
    /** POST /api/reset-password: answers `{ message }`. */
    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({ url: '/api/reset-password', method: 'POST', body }),
    }),
  }),
});

export const { useForgotPasswordMutation, useResetPasswordMutation } = passwordApi;
