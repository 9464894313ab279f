import { createHash } from 'node:crypto';

/** Link tokens (password reset, e-mail verification) are stored hashed: a database leak gives no usable link. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');
