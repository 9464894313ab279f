import type { ClientSession, Connection } from 'mongoose';
import { entitySchemaOptions, MongoRepository, optional, storedSchema, uuidId, withDefault } from '@cp/service-kit';

/** contact_messages (spec §3), plus when the operators were told about it. */
export interface ContactMessageDoc {
  _id: string;
  name: string;
  email: string;
  subject?: string | undefined;
  message: string;
  read: boolean;
  notifiedAt?: Date | undefined;
  createdAt: Date;
}

const contactMessageSchema = storedSchema<ContactMessageDoc, 'createdAt'>(
  'contact_messages',
  {
    _id: uuidId,
    name: String,
    email: String,
    subject: optional(String),
    message: String,
    read: withDefault(Boolean, false),
    notifiedAt: optional(Date),
  },
  entitySchemaOptions({ timestamps: { createdAt: true, updatedAt: false } }),
);
contactMessageSchema.index({ createdAt: -1 });
contactMessageSchema.index({ read: 1, createdAt: -1 });

export class ContactMessagesRepository extends MongoRepository<ContactMessageDoc> {
  constructor(conn: Connection) {
    super(conn, 'ContactMessage', contactMessageSchema);
  }

  async create(data: Pick<ContactMessageDoc, 'name' | 'email' | 'subject' | 'message'>, session: ClientSession): Promise<ContactMessageDoc> {
    const [doc] = await this.model.create([{ ...data, read: false }], { session });
    return doc!.toObject();
  }

  async markNotified(id: string, at: Date, session: ClientSession): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { notifiedAt: at } }, { session }).exec();
  }
}
