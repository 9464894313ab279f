import { createHash } from 'node:crypto';

/** Reset tokens are stored hashed: a database leak gives no usable link. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');
