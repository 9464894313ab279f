import { AccountMailLinkSchema, AccountMailPurposeSchema, ForgotPasswordRequestSchema, LoginRequestSchema, MessageResponseSchema, PublicUserSchema, RegisterRequestSchema, ResetPasswordRequestSchema, SESSION_NOT_FOUND, SessionCheckAnswerSchema, USER_NOT_FOUND, UserContactSchema, VerifyEmailRequestSchema } from '@cp/contracts';
import { defineOperations, readCookie, SESSION_COOKIE, signedIn, type Operation } from '@cp/service-kit';
import type { Context } from 'koa';
import { z } from 'zod';
import type { IdentityDeps } from './use-cases/deps.ts';
import { register } from './use-cases/register.ts';
import { login } from './use-cases/login.ts';
import { checkSession } from './use-cases/check-session.ts';
import { endSession } from './use-cases/end-session.ts';
import type { IssuedSession } from './use-cases/start-session.ts';
import { forgotPassword } from './use-cases/forgot-password.ts';
import { resetPassword } from './use-cases/reset-password.ts';
import { currentUser } from './use-cases/current-user.ts';
import { userContact } from './use-cases/user-contact.ts';
import { mailLink } from './use-cases/mail-link.ts';
import { verifyEmail } from './use-cases/verify-email.ts';
import { resendVerification } from './use-cases/resend-verification.ts';
import { SESSION_ID } from './session-id.ts';

const SET_COOKIE = { 'Set-Cookie': 'The session cookie `cp_session` (HttpOnly, SameSite=Lax, Secure in production; Max-Age 30 days with remember me).' };

function cookieHeader(value: string, opts: { maxAge?: number | undefined; secure: boolean }): string {
  const parts = [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (opts.maxAge !== undefined) parts.push(`Max-Age=${opts.maxAge}`);
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}

function setSessionCookie(ctx: Context, deps: IdentityDeps, s: IssuedSession): void {
  ctx.append('Set-Cookie', cookieHeader(s.token, { maxAge: s.cookieMaxAge, secure: deps.config.COOKIE_SECURE }));
}

function clearSessionCookie(ctx: Context, deps: IdentityDeps): void {
  ctx.append('Set-Cookie', cookieHeader('', { maxAge: 0, secure: deps.config.COOKIE_SECURE }));
}

/** A call that spends a mailed token (verify the address, reset the password): answered with `Referrer-Policy: no-referrer`. */
function spendingMailedToken(spend: (deps: IdentityDeps, body: unknown) => Promise<unknown>): Operation<IdentityDeps>['handle'] {
  return (ctx, deps) => {
    ctx.set('Referrer-Policy', 'no-referrer');
    return spend(deps, ctx.request.body);
  };
}

/** Identity's operations: its router, its OpenAPI document and the route test (service-kit operations.ts). */
export const identityApi = defineOperations<IdentityDeps>({
  service: 'identity',
  title: 'Identity',
  description: 'Accounts and sessions: register, login, logout, the current user, e-mail verification, forgot and reset password.',
  operations: [
    {
      method: 'post', path: '/api/register', id: 'register', summary: 'Create an account and sign in', auth: 'none',
      body: RegisterRequestSchema, responses: { 201: { description: 'The new user; the session cookie is set.', schema: PublicUserSchema, headers: SET_COOKIE } }, errors: [400, 409],
      handle: async (ctx, deps) => {
        const { user, session } = await register(deps, ctx.request.body, ctx.get('user-agent'));
        setSessionCookie(ctx, deps, session);
        return user;
      },
    },
    {
      method: 'post', path: '/api/local-login', id: 'login', summary: 'Sign in with username and password', auth: 'none',
      body: LoginRequestSchema, responses: { 200: { description: 'The user; the session cookie is set.', schema: PublicUserSchema, headers: SET_COOKIE } }, errors: [400, 401, 403, 429],
      description: 'Wrong credentials answer 401; a banned account 403. Repeated failures for a name are slowed down (429).',
      handle: async (ctx, deps) => {
        const { user, session } = await login(deps, ctx.request.body, ctx.ip, ctx.get('user-agent'));
        setSessionCookie(ctx, deps, session);
        return user;
      },
    },
    {
      method: 'post', path: '/api/logout', id: 'logout', summary: 'Sign out (ends the session everywhere)', auth: 'none',
      responses: { 200: { description: 'Logged out; the cookie is cleared.', schema: MessageResponseSchema, headers: { 'Set-Cookie': 'Clears `cp_session`.' } } }, errors: [],
      handle: async (ctx, deps) => {
        // The session ends on the server even if the token is expired or the user was deleted: a copied cookie is dead.
        const token = readCookie(ctx.get('cookie'), SESSION_COOKIE);
        const sid = token ? SESSION_ID.fromToken(token, deps.config.publicKey, deps.config) : undefined;
        if (sid) await endSession(deps, sid, 'logout');
        clearSessionCookie(ctx, deps);
        return { message: 'Logged out' };
      },
    },
    {
      method: 'get', path: '/api/auth/user', id: 'currentUser', summary: 'The signed-in user, or null', auth: 'optional',
      responses: { 200: { description: 'The user, or the JSON `null` when nobody is signed in (never a 401).', schema: PublicUserSchema.nullable() } }, errors: [],
      handle: async (ctx, deps, auth) => {
        // Spec §7: "current user or none". Nobody signed in (no cookie, an ended or forged session) is the JSON `null`
        // with 200, not a 401: the page asks this on every load, and a browser logs every 4xx as a console error.
        const user = await auth.verify(ctx);
        ctx.state.user = user; // what auth.authenticate did before this route: the session (or null) for what follows
        ctx.set('Cache-Control', 'no-store');
        if (user) return currentUser(deps, user.id);
        ctx.type = 'application/json';
        ctx.body = 'null';
      },
    },
    {
      method: 'post', path: '/api/auth/verify-email', id: 'verifyEmail', summary: 'Verify the e-mail address with the mailed token', auth: 'none',
      body: VerifyEmailRequestSchema, responses: { 200: { description: 'Verified.', schema: MessageResponseSchema } }, errors: [400],
      handle: spendingMailedToken(verifyEmail),
    },
    {
      method: 'post', path: '/api/auth/resend-verification', id: 'resendVerification', summary: 'Mail the verification link again', auth: 'user',
      description: 'At most one mail a minute and a few a day (429 with `Retry-After`).',
      responses: { 200: { description: 'Sent.', schema: MessageResponseSchema } }, errors: [400, 409, 429],
      handle: (ctx, deps) => resendVerification(deps, signedIn(ctx).id),
    },
    {
      method: 'post', path: '/api/forgot-password', id: 'forgotPassword', summary: 'Mail a password reset link', auth: 'none',
      body: ForgotPasswordRequestSchema, responses: { 200: { description: 'The same answer whether or not the address has an account.', schema: MessageResponseSchema } }, errors: [400],
      handle: (ctx, deps) => forgotPassword(deps, ctx.request.body),
    },
    {
      method: 'post', path: '/api/reset-password', id: 'resetPassword', summary: 'Set a new password with the mailed token', auth: 'none',
      body: ResetPasswordRequestSchema, responses: { 200: { description: 'Password changed; every session of the account ended.', schema: MessageResponseSchema } }, errors: [400],
      handle: spendingMailedToken(resetPassword),
    },
    {
      // Internal: where another service sends a user's notices (comms, for replies to their posts).
      method: 'get', path: '/internal/users/:id', id: 'userContact', summary: 'Where to send a user\'s notices', auth: 'internal',
      params: { id: z.string() }, responses: { 200: { description: 'The user\'s name and address.', schema: UserContactSchema } }, errors: [404],
      handle: async (ctx, deps) => {
        const contact = await userContact(deps, ctx.params.id ?? '');
        if (!contact) {
          ctx.status = 404;
          ctx.body = { error: USER_NOT_FOUND };
          return;
        }
        return contact;
      },
    },
    {
      // Internal: the link of an account mail (password reset, e-mail verification) for the mailer, comms.
      method: 'get', path: '/internal/users/:id/mail-links/:purpose/:requestId', id: 'accountMailLink', summary: 'The link of an account mail, for the mailer', auth: 'internal',
      params: { id: z.string(), purpose: AccountMailPurposeSchema, requestId: z.string() },
      responses: { 200: { description: 'The address, the name and the link, while the link still works.', schema: AccountMailLinkSchema } }, errors: [404],
      handle: async (ctx, deps) => {
        ctx.set('Cache-Control', 'no-store');
        const link = await mailLink(deps, ctx.params.id ?? '', ctx.params.purpose ?? '', ctx.params.requestId ?? '');
        if (!link) {
          ctx.status = 404;
          ctx.body = { error: 'No such link' };
          return;
        }
        return link;
      },
    },
    {
      // Internal: other services ask whether a session is still active (never routed by the gateway).
      method: 'get', path: '/internal/sessions/:sid', id: 'checkSession', summary: 'Whether a session is still active', auth: 'internal',
      params: { sid: z.string() }, responses: { 200: { description: 'The session\'s user.', schema: SessionCheckAnswerSchema } }, errors: [404],
      handle: async (ctx, deps) => {
        const sid = ctx.params.sid ?? '';
        const answer = sid.length <= 128 ? await checkSession(deps, sid) : null;
        if (!answer) {
          ctx.status = 404;
          ctx.body = { error: SESSION_NOT_FOUND };
          return;
        }
        return answer;
      },
    },
  ],
});
