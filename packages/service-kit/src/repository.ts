import type { ClientSession, Connection, Model, ProjectionType, Schema, SortOrder } from 'mongoose';
import { afterCursor, sortOf, type SortKey } from './list-page.ts';

/** How a repository reads its documents (MongoRepository's constructor). */
export interface RepositoryOptions<T> {
  /**
   * The projection findById reads with (e.g. `{ searchText: 0 }`: fields a document may hold that the service never
   * returns). Given once here so every read by id leaves out the same fields; none by default (the whole document).
   */
  projection?: ProjectionType<T>;
}

/**
 * The base of a repository: its model on the service's connection (made once per connection), and `init()` creating
 * its collection and indexes explicitly, one after the other, at start-up (autoCreate and autoIndex are off: see
 * connectMongo). It also holds what every repository did the same way: insert a document the service built, read one by
 * id, and the query of a cursor page; each repository keeps only its own queries.
 */
export class MongoRepository<T> {
  readonly model: Model<T>;
  private readonly projection: ProjectionType<T> | null;
  constructor(conn: Connection, name: string, schema: Schema<T>, options: RepositoryOptions<T> = {}) {
    this.model = (conn.models[name] as Model<T> | undefined) ?? conn.model<T>(name, schema);
    this.projection = options.projection ?? null;
  }

  async init(): Promise<void> {
    await this.model.createCollection();
    await this.model.createIndexes();
  }

  /**
   * Stores a whole document as the service built it (its `_id`, its dates), in `session`'s transaction when one is
   * given. The driver's insertOne, not mongoose's create: no schema defaults, timestamps or casting are added, so what is
   * stored is exactly the document (the services build every field, and events carry the same values).
   */
  async insert(doc: T, session?: ClientSession): Promise<void> {
    await this.model.collection.insertOne(doc as never, session ? { session } : {});
  }

  /** The stored document of `id` as a plain object (lean), with the repository's projection (RepositoryOptions), or null. */
  findById(id: string, session?: ClientSession): Promise<T | null> {
    return this.model.findById(id, this.projection, session ? { session } : {}).lean<T>().exec();
  }

  /**
   * Removes the document of `id`, in `session`'s transaction when one is given: the removed document as a plain object
   * (lean, with the repository's projection), or null when there was none.
   */
  deleteById(id: string, session?: ClientSession): Promise<T | null> {
    return this.model.findByIdAndDelete(id, { ...(session && { session }), ...(this.projection && { projection: this.projection }) }).lean<T>().exec();
  }

  /**
   * Page `page` (from 1) of `pageSize` documents of the whole collection in `sort` order, and the collection's size
   * (estimatedDocumentCount, from its metadata: no scan): the numbered pages of an admin list.
   */
  protected async numberedPage(sort: Record<string, SortOrder>, page: number, pageSize: number): Promise<{ items: T[]; total: number }> {
    const [items, total] = await Promise.all([
      this.model.find({}).sort(sort).skip((page - 1) * pageSize).limit(pageSize).lean<T[]>().exec(),
      this.model.estimatedDocumentCount().exec(),
    ]);
    return { items, total };
  }

  /**
   * The query of one cursor page (the kit's list-page.ts): the documents of `filter` after `cursor` in `order` (400 for a
   * cursor not of this order), sorted in `order` so an index in that order answers it with no sort in memory. The
   * caller adds its `limit()` and reads it (`lean()`), or asks its plan (`explain('executionStats')`, tests and the
   * bench), so both go through the same query.
   */
  protected pageQuery(filter: Record<string, unknown>, order: readonly SortKey[], cursor: string | undefined) {
    return this.model.find(cursor ? { $and: [filter, afterCursor(cursor, order)] } : filter).sort(sortOf(order));
  }
}
