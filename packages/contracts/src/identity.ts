import './zod-config.ts';
import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from './common.ts';
import { LIMITS, MIN_REGISTER_PASSWORD, MIN_RESET_PASSWORD } from './constants.ts';

const username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(LIMITS.usernameMin, `Username must be at least ${LIMITS.usernameMin} characters`)
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, digits, _ . and -');

const registerPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(MIN_REGISTER_PASSWORD, `Password must be at least ${MIN_REGISTER_PASSWORD} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

const resetPassword = z
  .string({ error: 'Password is required' })
  .min(MIN_RESET_PASSWORD, 'Password must be at least 8 characters long')
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

/** Optional e-mail: absent or blank means none; otherwise it must be valid. */
const optionalEmail = z
  .union([z.literal(''), z.email('Invalid email address').max(LIMITS.emailMax)])
  .optional()
  .transform((v) => (v ? v.toLowerCase() : undefined));

const optionalName = z
  .string()
  .max(LIMITS.nameMax)
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** users (spec §3) as the API returns them: never the password or the reset token. */
export const PublicUserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean().default(false),
  termsAccepted: z.boolean().default(false),
  termsAcceptedAt: IsoDateTimeSchema.nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  /** The user opened the verification link mailed to `email` (reviews need it). */
  emailVerified: z.boolean().default(false),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** POST /api/register (spec §5, §7). isAdmin and other server fields are rejected (strict). */
export const RegisterRequestSchema = z
  .object({
    username,
    password: registerPassword,
    email: optionalEmail,
    firstName: optionalName,
    lastName: optionalName,
    termsAccepted: z.literal(true, { error: 'You must accept the Terms & Conditions to create an account' }),
  })
  .strict();
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/**
 * The confirmation is checked as soon as both passwords are there, even while other fields are still wrong, so the
 * form shows every problem at once (zod runs an object's refinements only on a valid object otherwise).
 */
function bothPasswordsGiven(payload: { value: unknown }): boolean {
  const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
  return typeof v?.password === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword !== '';
}

/** The register form: the request plus the confirmation (spec §5 'Passwords do not match'). */
export const RegisterFormSchema = RegisterRequestSchema.extend({
  confirmPassword: z.string().min(1, 'Please confirm your password'),
}).refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'], when: bothPasswordsGiven });

/** POST /api/local-login. */
export const LoginRequestSchema = z
  .object({
    username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(LIMITS.usernameMax * 8),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(LIMITS.passwordMax),
    rememberMe: z.boolean().optional(),
  })
  .strict();
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** POST /api/forgot-password. */
export const ForgotPasswordRequestSchema = z
  .object({ email: z.email('Please enter a valid email address').max(LIMITS.emailMax) })
  .strict();
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequestSchema>;

/** POST /api/reset-password (spec §5: token required, minimum 8). */
export const ResetPasswordRequestSchema = z
  .object({
    token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(256),
    password: resetPassword,
  })
  .strict();
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

/** The reset form: new and confirmed password. */
export const ResetPasswordFormSchema = z
  .object({ password: resetPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'], when: bothPasswordsGiven });

/** sessions (spec §3): sid, sess, expire. */
export const SessionSchema = z.object({
  sid: z.string(),
  sess: z.object({ userId: IdSchema, rememberMe: z.boolean(), createdAt: IsoDateTimeSchema }),
  expire: IsoDateTimeSchema,
});

/** How long an e-mail verification link works (it also stops working once used, or when a newer one is sent). */
export const EMAIL_VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;
export const INVALID_VERIFICATION_LINK = 'This verification link is invalid, expired or already used.';
/** The shape of a verification link's token (base64url, as identity issues it): any other is not sent. */
export const VERIFICATION_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
export const EMAIL_VERIFIED_MESSAGE = 'Your e-mail address is verified. You can now write reviews.';

/** POST /api/auth/verify-email: the token of the mailed link (`/verify-email?token=...`). */
export const VerifyEmailRequestSchema = z
  .object({ token: z.string({ error: 'Verification token is required' }).min(1, 'Verification token is required').max(256) })
  .strict();
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequestSchema>;

/** The 404 of identity's internal session check: no active session has this id. */
export const SESSION_NOT_FOUND = 'Session not found';
/** The 404 of a user id that names no account (identity's internal user answer, blocks, bans). */
export const USER_NOT_FOUND = 'User not found';

/**
 * Identity's internal answer to "is this session active?" (GET /internal/sessions/:sid), cached by every other
 * service. `username`, `emailVerified` and `createdAt` (the account's) are optional: an older identity lacks them.
 */
export const SessionCheckAnswerSchema = z.object({
  userId: IdSchema,
  isAdmin: z.boolean(),
  username: z.string().optional(),
  emailVerified: z.boolean().optional(),
  createdAt: IsoDateTimeSchema.optional(),
});
export type SessionCheckAnswer = z.infer<typeof SessionCheckAnswerSchema>;

/** Identity's internal answer about a user, for services that send them notices (GET /internal/users/:id). */
export const UserContactSchema = z.object({
  id: IdSchema,
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  /** The user's role and whether a moderator banned them (issue 21; optional: answers of identities before it lack them). */
  isAdmin: z.boolean().optional(),
  banned: z.boolean().optional(),
  /** Whether they verified `email` (issue 41: an address nobody verified gets no notice; absent counts as not verified). */
  emailVerified: z.boolean().optional(),
});
export type UserContact = z.infer<typeof UserContactSchema>;

/** What an account mail links to (identity's internal `GET /internal/users/{id}/mail-links/{purpose}/{requestId}`). */
export const AccountMailPurposeSchema = z.enum(['password-reset', 'email-verification']);
export type AccountMailPurpose = z.infer<typeof AccountMailPurposeSchema>;
/**
 * The one link of an account mail, for the mailer (comms) only: the address to send it to, the name to greet and the
 * link with its token. Identity answers it while the link still works (404 once it is used, replaced or expired).
 */
export const AccountMailLinkSchema = z.object({ to: z.string(), name: z.string(), link: z.url() });
export type AccountMailLink = z.infer<typeof AccountMailLinkSchema>;
