import type { Context } from 'koa';
import { SESSION_NOT_FOUND, USER_NOT_FOUND } from '@cp/contracts';
import { createRouter, readCookie, SESSION_COOKIE, type Auth } from '@cp/service-kit';
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

export function identityRoutes(deps: IdentityDeps, auth: Auth) {
  const router = createRouter();

  router.post('/api/register', async (ctx) => {
    const { user, session } = await register(deps, ctx.request.body, ctx.get('user-agent'));
    setSessionCookie(ctx, deps, session);
    ctx.status = 201;
    ctx.body = user;
  });

  router.post('/api/local-login', async (ctx) => {
    const { user, session } = await login(deps, ctx.request.body, ctx.ip, ctx.get('user-agent'));
    setSessionCookie(ctx, deps, session);
    ctx.body = user;
  });

  router.post('/api/logout', async (ctx) => {
    // The session ends on the server even if the token is expired or the user was deleted: a copied cookie is dead.
    const token = readCookie(ctx.get('cookie'), SESSION_COOKIE);
    const sid = token ? SESSION_ID.fromToken(token, deps.config.publicKey, deps.config) : undefined;
    if (sid) await endSession(deps, sid, 'logout');
    clearSessionCookie(ctx, deps);
    ctx.body = { message: 'Logged out' };
  });

  // Spec §7: "current user or none". Nobody signed in (no cookie, an ended or forged session) is the JSON `null` with
  // 200, not a 401: the page asks this on every load, and a browser logs every 4xx as a console error.
  router.get('/api/auth/user', auth.authenticate, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const user = ctx.state.user as { id: string } | null;
    if (user) ctx.body = await currentUser(deps, user.id);
    else {
      ctx.type = 'application/json';
      ctx.body = 'null';
    }
  });

  router.post('/api/auth/verify-email', async (ctx) => {
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.body = await verifyEmail(deps, ctx.request.body);
  });

  router.post('/api/auth/resend-verification', auth.requireUser, async (ctx) => {
    ctx.body = await resendVerification(deps, ctx.state.user.id as string);
  });

  router.post('/api/forgot-password', async (ctx) => {
    ctx.body = await forgotPassword(deps, ctx.request.body);
  });

  router.post('/api/reset-password', async (ctx) => {
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.body = await resetPassword(deps, ctx.request.body);
  });

  /** Internal: where another service sends a user's notices (comms, for replies to their posts). */
  router.get('/internal/users/:id', async (ctx) => {
    const contact = await userContact(deps, ctx.params.id ?? '');
    if (!contact) {
      ctx.status = 404;
      ctx.body = { error: USER_NOT_FOUND };
      return;
    }
    ctx.body = contact;
  });

  /** Internal: the link of an account mail (password reset, e-mail verification) for the mailer, comms. */
  router.get('/internal/users/:id/mail-links/:purpose/:requestId', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const link = await mailLink(deps, ctx.params.id ?? '', ctx.params.purpose ?? '', ctx.params.requestId ?? '');
    if (!link) {
      ctx.status = 404;
      ctx.body = { error: 'No such link' };
      return;
    }
    ctx.body = link;
  });

  /** Internal: other services ask whether a session is still active (never routed by the gateway). */
  router.get('/internal/sessions/:sid', async (ctx) => {
    const sid = ctx.params.sid ?? '';
    const answer = sid.length <= 128 ? await checkSession(deps, sid) : null;
    if (!answer) {
      ctx.status = 404;
      ctx.body = { error: SESSION_NOT_FOUND };
      return;
    }
    ctx.body = answer;
  });

  return router;
}
