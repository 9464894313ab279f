import '../zod-config.ts';
import { z } from 'zod';

/**
 * Every event travels in the same envelope. `type` is `<domain>.<name>` (e.g. `forum.reply-created`),
 * `version` is the integer version of the `data` schema. The NATS subject is derived from both.
 */
export const EventEnvelopeSchema = z
  .object({
    id: z.uuid(),
    type: z.string().regex(/^[a-z]+\.[a-z][a-z-]*$/),
    version: z.number().int().positive(),
    occurredAt: z.iso.datetime(),
    data: z.unknown(),
  })
  .strict();
export type EventEnvelope<TData = unknown> = Omit<z.infer<typeof EventEnvelopeSchema>, 'data'> & { data: TData };

/** Subject on which an event of this type and version is published: `events.<domain>.<name>.v<version>`. */
export function eventSubject(type: string, version: number): string {
  return `events.${type}.v${version}`;
}

/** The JetStream stream that owns a domain's events: `EVENTS_<DOMAIN>` with subjects `events.<domain>.>`. */
export function eventStream(domain: string): { name: string; subjects: string[] } {
  return { name: `EVENTS_${domain.toUpperCase()}`, subjects: [`events.${domain}.>`] };
}

export interface EventDefinition<TType extends string = string, TSchema extends z.ZodType = z.ZodType> {
  readonly type: TType;
  readonly version: number;
  readonly data: TSchema;
  readonly subject: string;
  readonly domain: string;
}

/** The domain of an event type: what comes before its first dot (`listings.listing-created` → `listings`). */
export function eventDomain(type: string): string {
  return type.slice(0, type.indexOf('.'));
}

export function defineEvent<TType extends `${string}.${string}`, TSchema extends z.ZodType>(
  type: TType,
  version: number,
  data: TSchema,
): EventDefinition<TType, TSchema> {
  const domain = eventDomain(type);
  return Object.freeze({ type, version, data, subject: eventSubject(type, version), domain });
}
