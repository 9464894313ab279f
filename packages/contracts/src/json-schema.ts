import './zod-config.ts';
import { z } from 'zod';
import * as common from './common.ts';
import * as identity from './identity.ts';
import * as listings from './listings.ts';
import * as forum from './forum.ts';
import * as directory from './directory.ts';
import * as ads from './ads.ts';
import * as comms from './comms.ts';
import * as microfrontends from './microfrontends.ts';
import * as search from './search.ts';
import * as pageHead from './page-head.ts';
import * as moderation from './moderation.ts';
import * as listingLifecycle from './listing-lifecycle.ts';
import * as savedListings from './saved-listings.ts';
import * as savedSearches from './saved-searches.ts';
import * as messages from './messages.ts';
import * as deployables from './deployables.ts';
import * as releases from './releases.ts';
import * as operations from './operations.ts';
import * as notices from './notices.ts';
import { EventEnvelopeSchema } from './events/envelope.ts';
import { eventCatalog } from './events/catalog.ts';

/** Every schema module; each `*Schema` export of these is part of the snapshot (a test checks none is missed). */
export const SCHEMA_MODULES = { common, identity, listings, forum, directory, ads, comms, microfrontends, search, pageHead, moderation, savedListings, savedSearches, listingLifecycle, messages, deployables, releases, operations, notices } as const;

function isSchema(v: unknown): v is z.ZodType {
  return v instanceof z.ZodType;
}

/** All contracts as JSON Schema (zod's own export), keyed by module and name, plus every event's data schema. */
export function buildJsonSchemaSnapshot(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const convert = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  for (const [moduleName, mod] of Object.entries(SCHEMA_MODULES)) {
    for (const [name, value] of Object.entries(mod).sort(([a], [b]) => a.localeCompare(b))) {
      if (name.endsWith('Schema') && isSchema(value)) out[`${moduleName}.${name}`] = convert(value);
    }
  }
  out['events.EventEnvelopeSchema'] = convert(EventEnvelopeSchema);
  for (const def of [...eventCatalog].sort((a, b) => a.type.localeCompare(b.type))) {
    out[`events.${def.type}.v${def.version}`] = { subject: def.subject, data: convert(def.data) };
  }
  return out;
}
