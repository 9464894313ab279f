import type { ClientSession } from 'mongoose';
import { trusted } from './mongo.ts';
import { MongoRepository } from './repository.ts';
import { optional } from './stored-schema.ts';

/**
 * The two flags moderation's events set on a piece of content where its owner stores it (issue 21): `hidden`, pending
 * review (moderation.content-hidden; cleared by content-restored), and `authorBanned`, its author is banned
 * (user-banned; cleared by user-unbanned). One rule for every owner (listings, forum posts and replies, businesses and
 * reviews): content with either flag is gone for everyone (a hidden item stays for its author).
 */
export interface ModerationFlags {
  hidden?: boolean | undefined;
  authorBanned?: boolean | undefined;
}

/** The flags' fields in a stored schema (storedSchema): absent unless set. */
export const MODERATION_FLAG_FIELDS = { hidden: optional(Boolean), authorBanned: optional(Boolean) };

/** The filter of what everyone may see: neither hidden by moderation nor by a banned author. */
export const VISIBLE = { hidden: trusted({ $ne: true }), authorBanned: trusted({ $ne: true }) };

/** Whether a stored item may be shown to everyone (VISIBLE, for one document). */
export const isVisible = (doc: ModerationFlags) => doc.hidden !== true && doc.authorBanned !== true;

/** The update that hides an item pending review, or shows it again (the flag removed, not set to false). */
export const hiddenUpdate = (hidden: boolean) => (hidden ? { $set: { hidden: true } } : { $unset: { hidden: 1 } });

/** The update that flags an author's items when a ban begins, or unflags them when it ends. */
export const authorBannedUpdate = (banned: boolean) => (banned ? { $set: { authorBanned: true } } : { $unset: { authorBanned: 1 } });

/**
 * The repository of content moderation sets its flags on (listings aside: forum posts and replies, businesses and
 * reviews), each document its author's (`userId`).
 */
export class ModeratedRepository<T extends ModerationFlags & { userId: string }> extends MongoRepository<T> {
  /** Hides an item pending review, or shows it again (moderation); the item as it was, null when there is none. */
  setHidden(id: string, hidden: boolean, session: ClientSession): Promise<T | null> {
    return this.model.findByIdAndUpdate(id, hiddenUpdate(hidden), { session }).lean<T>().exec();
  }

  /** Flags (or unflags) every item of a user whose ban began (or ended). */
  async setAuthorBanned(userId: string, banned: boolean, session: ClientSession): Promise<void> {
    await this.model.updateMany({ userId }, authorBannedUpdate(banned), { session }).exec();
  }
}
