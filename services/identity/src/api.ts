import { AccountMailLinkSchema, AccountMailPurposeSchema, ForgotPasswordRequestSchema, LoginRequestSchema, MessageResponseSchema, PublicUserSchema, RegisterRequestSchema, ResetPasswordRequestSchema, SessionCheckAnswerSchema, UserContactSchema, VerifyEmailRequestSchema } from '@cp/contracts';
import { defineServiceApi } from '@cp/contracts/openapi';
import { z } from 'zod';

const SET_COOKIE = { 'Set-Cookie': 'The session cookie `cp_session` (HttpOnly, SameSite=Lax, Secure in production; Max-Age 30 days with remember me).' };

/** Identity's operations (routes.ts), for the OpenAPI documents and the route test (scripts/openapi). */
export const identityApi = defineServiceApi({
  service: 'identity',
  title: 'Identity',
  description: 'Accounts and sessions: register, login, logout, the current user, e-mail verification, forgot and reset password.',
  operations: [
    {
      method: 'post', path: '/api/register', id: 'register', summary: 'Create an account and sign in', auth: 'none', rateLimit: 'auth',
      body: RegisterRequestSchema, responses: { 201: { description: 'The new user; the session cookie is set.', schema: PublicUserSchema, headers: SET_COOKIE } }, errors: [400, 409],
    },
    {
      method: 'post', path: '/api/local-login', id: 'login', summary: 'Sign in with username and password', auth: 'none', rateLimit: 'auth',
      body: LoginRequestSchema, responses: { 200: { description: 'The user; the session cookie is set.', schema: PublicUserSchema, headers: SET_COOKIE } }, errors: [400, 401, 403, 429],
      description: 'Wrong credentials answer 401; a banned account 403. Repeated failures for a name are slowed down (429).',
    },
    {
      method: 'post', path: '/api/logout', id: 'logout', summary: 'Sign out (ends the session everywhere)', auth: 'none',
      responses: { 200: { description: 'Logged out; the cookie is cleared.', schema: MessageResponseSchema, headers: { 'Set-Cookie': 'Clears `cp_session`.' } } }, errors: [],
    },
    {
      method: 'get', path: '/api/auth/user', id: 'currentUser', summary: 'The signed-in user, or null', auth: 'optional',
      responses: { 200: { description: 'The user, or the JSON `null` when nobody is signed in (never a 401).', schema: PublicUserSchema.nullable() } }, errors: [],
    },
    {
      method: 'post', path: '/api/auth/verify-email', id: 'verifyEmail', summary: 'Verify the e-mail address with the mailed token', auth: 'none',
      body: VerifyEmailRequestSchema, responses: { 200: { description: 'Verified.', schema: MessageResponseSchema } }, errors: [400],
    },
    {
      method: 'post', path: '/api/auth/resend-verification', id: 'resendVerification', summary: 'Mail the verification link again', auth: 'user',
      description: 'At most one mail a minute and a few a day (429 with `Retry-After`).',
      responses: { 200: { description: 'Sent.', schema: MessageResponseSchema } }, errors: [400, 409, 429],
    },
    {
      method: 'post', path: '/api/forgot-password', id: 'forgotPassword', summary: 'Mail a password reset link', auth: 'none', rateLimit: 'password',
      body: ForgotPasswordRequestSchema, responses: { 200: { description: 'The same answer whether or not the address has an account.', schema: MessageResponseSchema } }, errors: [400],
    },
    {
      method: 'post', path: '/api/reset-password', id: 'resetPassword', summary: 'Set a new password with the mailed token', auth: 'none', rateLimit: 'password',
      body: ResetPasswordRequestSchema, responses: { 200: { description: 'Password changed; every session of the account ended.', schema: MessageResponseSchema } }, errors: [400],
    },
    {
      method: 'get', path: '/internal/users/:id', id: 'userContact', summary: 'Where to send a user\'s notices', auth: 'internal',
      params: { id: z.string() }, responses: { 200: { description: 'The user\'s name and address.', schema: UserContactSchema } }, errors: [404],
    },
    {
      method: 'get', path: '/internal/users/:id/mail-links/:purpose/:requestId', id: 'accountMailLink', summary: 'The link of an account mail, for the mailer', auth: 'internal',
      params: { id: z.string(), purpose: AccountMailPurposeSchema, requestId: z.string() },
      responses: { 200: { description: 'The address, the name and the link, while the link still works.', schema: AccountMailLinkSchema } }, errors: [404],
    },
    {
      method: 'get', path: '/internal/sessions/:sid', id: 'checkSession', summary: 'Whether a session is still active', auth: 'internal',
      params: { sid: z.string() }, responses: { 200: { description: 'The session\'s user.', schema: SessionCheckAnswerSchema } }, errors: [404],
    },
  ],
});
