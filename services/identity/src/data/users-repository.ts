import type { ClientSession, Connection } from 'mongoose';
import { entitySchemaOptions, MongoRepository, optional, storedSchema, trusted, uuidId, withDefault } from '@cp/service-kit';

export interface UserDoc {
  _id: string;
  username: string;
  usernameLower: string;
  password: string;
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  profileImageUrl?: string | undefined;
  resetToken?: string | undefined;
  resetTokenExpiry?: Date | undefined;
  /**
   * The user opened the verification link mailed to `email`. A document without the field (a user stored before
   * e-mail verification existed) counts as not verified: nobody ever confirmed that address; the user asks for a link.
   */
  emailVerified?: boolean | undefined;
  emailVerifiedAt?: Date | undefined;
  /** The sha256 of the newest verification link's token, and when it stops working (a new link replaces both). */
  emailVerifyToken?: string | undefined;
  emailVerifyExpiry?: Date | undefined;
  isAdmin: boolean;
  /**
   * A moderator's ban (moderation.user-banned): no login, no session counts. Cleared by moderation.user-unbanned.
   * `banChangedAt`: when the newest ban or unban applied here happened (its event's occurredAt); an older event that
   * arrives later (bans and unbans come on separate lanes, with no order between them) changes nothing.
   */
  bannedAt?: Date | undefined;
  banReason?: string | undefined;
  bannedBy?: string | undefined;
  banChangedAt?: Date | undefined;
  termsAccepted: boolean;
  termsAcceptedAt?: Date | undefined;
  createdAt: Date;
  updatedAt: Date;
}

const userSchema = storedSchema<UserDoc, 'createdAt' | 'updatedAt'>(
  'users',
  {
    _id: uuidId,
    username: String,
    usernameLower: String,
    password: String,
    email: optional(String),
    firstName: optional(String),
    lastName: optional(String),
    profileImageUrl: optional(String),
    resetToken: optional(String),
    resetTokenExpiry: optional(Date),
    emailVerified: optional(Boolean),
    emailVerifiedAt: optional(Date),
    emailVerifyToken: optional(String),
    emailVerifyExpiry: optional(Date),
    isAdmin: { type: Boolean, default: false },
    bannedAt: optional(Date),
    banReason: optional(String),
    bannedBy: optional(String),
    banChangedAt: optional(Date),
    termsAccepted: withDefault(Boolean, false),
    termsAcceptedAt: optional(Date),
  },
  entitySchemaOptions({ timestamps: true }),
);
userSchema.index({ usernameLower: 1 }, { unique: true, name: 'username_unique' });
userSchema.index({ email: 1 }, { unique: true, name: 'email_unique', partialFilterExpression: { email: { $type: 'string' } } });
userSchema.index({ resetToken: 1 }, { sparse: true });
userSchema.index({ emailVerifyToken: 1 }, { sparse: true });

export class UsersRepository extends MongoRepository<UserDoc> {
  constructor(conn: Connection) {
    super(conn, 'User', userSchema);
  }
  /** `_id`: a new random id unless given (the demo accounts have fixed ids). `emailVerified`: every creator says. */
  async create(data: Omit<UserDoc, '_id' | 'createdAt' | 'updatedAt' | 'emailVerified'> & { _id?: string; emailVerified: boolean }, session?: ClientSession): Promise<UserDoc> {
    const [doc] = await this.model.create([data], session ? { session } : {});
    return doc!.toObject() as UserDoc;
  }
  findByUsername(username: string): Promise<UserDoc | null> {
    return this.model.findOne({ usernameLower: username.toLowerCase() }).lean<UserDoc>().exec();
  }
  findByEmail(email: string): Promise<UserDoc | null> {
    return this.model.findOne({ email: email.toLowerCase() }).lean<UserDoc>().exec();
  }
  async usernameTaken(username: string): Promise<boolean> {
    return (await this.model.exists({ usernameLower: username.toLowerCase() })) !== null;
  }
  async emailTaken(email: string): Promise<boolean> {
    return (await this.model.exists({ email: email.toLowerCase() })) !== null;
  }
  async setResetToken(userId: string, tokenHash: string, expiry: Date, session?: ClientSession): Promise<void> {
    await this.model.updateOne({ _id: userId }, { $set: { resetToken: tokenHash, resetTokenExpiry: expiry } }, session ? { session } : {}).exec();
  }
  /** Consumes a reset token atomically: only one caller can ever use it. */
  consumeResetToken(tokenHash: string, now: Date, newPasswordHash: string, session?: ClientSession): Promise<UserDoc | null> {
    return this.model
      .findOneAndUpdate(
        { resetToken: tokenHash, resetTokenExpiry: trusted({ $gt: now }) },
        { $set: { password: newPasswordHash }, $unset: { resetToken: 1, resetTokenExpiry: 1 } },
        { returnDocument: 'after', ...(session ? { session } : {}) },
      )
      .lean<UserDoc>()
      .exec();
  }
  /**
   * A new verification link for a user who is not verified yet (it replaces the previous one); false when the user is
   * gone, has no e-mail or is verified meanwhile.
   */
  async setVerificationToken(userId: string, tokenHash: string, expiry: Date, session?: ClientSession): Promise<boolean> {
    const res = await this.model
      .updateOne(
        { _id: userId, email: trusted({ $type: 'string' }), emailVerified: trusted({ $ne: true }) },
        { $set: { emailVerifyToken: tokenHash, emailVerifyExpiry: expiry } },
        session ? { session } : {},
      )
      .exec();
    return res.matchedCount === 1;
  }
  /** Consumes a verification token atomically (only one caller can ever use it) and marks the user verified. */
  consumeVerificationToken(tokenHash: string, now: Date, session?: ClientSession): Promise<UserDoc | null> {
    return this.model
      .findOneAndUpdate(
        { emailVerifyToken: tokenHash, emailVerifyExpiry: trusted({ $gt: now }) },
        { $set: { emailVerified: true, emailVerifiedAt: now }, $unset: { emailVerifyToken: 1, emailVerifyExpiry: 1 } },
        { returnDocument: 'after', ...(session ? { session } : {}) },
      )
      .lean<UserDoc>()
      .exec();
  }
  /** Marks a user verified without a link: the demo accounts only (their fictional addresses receive nothing). */
  async markVerified(userId: string, at: Date): Promise<void> {
    await this.model.updateOne({ _id: userId, emailVerified: trusted({ $ne: true }) }, { $set: { emailVerified: true, emailVerifiedAt: at } }).exec();
  }
  /**
   * Stores a ban unless a newer ban or unban was applied already; true when it was stored (also over an earlier ban:
   * the newest reason wins). False for an unknown user too.
   */
  async applyBan(userId: string, ban: { at: Date; reason: string; by: string }, session?: ClientSession): Promise<boolean> {
    const res = await this.model
      .updateOne(
        { _id: userId, $or: [{ banChangedAt: trusted({ $exists: false }) }, { banChangedAt: trusted({ $lte: ban.at }) }] },
        { $set: { bannedAt: ban.at, banReason: ban.reason, bannedBy: ban.by, banChangedAt: ban.at } },
        session ? { session } : {},
      )
      .exec();
    return res.matchedCount === 1;
  }
  /** Lifts a ban unless a newer ban or unban was applied already; true when it was applied. */
  async clearBan(userId: string, at: Date, session?: ClientSession): Promise<boolean> {
    const res = await this.model
      .updateOne(
        { _id: userId, $or: [{ banChangedAt: trusted({ $exists: false }) }, { banChangedAt: trusted({ $lte: at }) }] },
        { $set: { banChangedAt: at }, $unset: { bannedAt: 1, banReason: 1, bannedBy: 1 } },
        session ? { session } : {},
      )
      .exec();
    return res.matchedCount === 1;
  }
  async setAdmin(userId: string, isAdmin: boolean): Promise<void> {
    await this.model.updateOne({ _id: userId }, { $set: { isAdmin } }).exec();
  }
}
