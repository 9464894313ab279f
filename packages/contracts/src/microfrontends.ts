import './zod-config.ts';
import { z } from 'zod';
import { HEADER_SLOTS, HOME_SLOTS, MANIFEST_METADATA_KEY, REMOTE_METADATA_LIMITS, REMOTE_NAME_PATTERN, ROUTE_PATTERN } from './mf-metadata.ts';

/**
 * The microfrontend metadata and the remote registry as zod schemas, for the Node.js boundaries: a remote's build
 * (`@cp/web-core/build` checks `src/exposes/metadata.json` before publishing it) and the gateway (reads it from each
 * remote's mf-manifest.json, serves `GET /mf/registry.json`). The browser checks the same rules without zod
 * (`checkRemoteMetadata` in mf-metadata.ts); a test keeps the two in agreement.
 */

const unique = (values: readonly string[]) => new Set(values).size === values.length;

const metadataShape = {
  routes: z
    .array(z.string().max(REMOTE_METADATA_LIMITS.routeLength).regex(ROUTE_PATTERN))
    .max(REMOTE_METADATA_LIMITS.routes)
    .refine(unique, 'a route is listed twice'),
  slots: z.array(z.enum(HOME_SLOTS)).refine(unique, 'a slot is listed twice'),
  postAdPanel: z.boolean().optional(),
  headerSlots: z.array(z.enum(HEADER_SLOTS)).refine(unique, 'a header slot is listed twice').optional(),
};

/** What a remote contributes (see mf-metadata.ts): its routes, its home slots, the Post Ad panel, its header slots. Unknown keys are dropped. */
export const RemoteMetadataSchema = z.object(metadataShape);

/** A remote's own `src/exposes/metadata.json`, as its build reads it: unknown keys (typos) are refused. */
export const RemoteMetadataSourceSchema = z.strictObject(metadataShape);

/** The part of a remote's mf-manifest.json the gateway reads: the metadata its build published. */
export const RemoteManifestMetadataSchema = z.object({
  metaData: z.object({ [MANIFEST_METADATA_KEY]: RemoteMetadataSchema }),
});

/**
 * One remote of `GET /mf/registry.json`. `metadataUnavailable`: the gateway could not read the remote's metadata
 * (its build or server is missing or broken): `routes` and `slots` are empty and the shell treats the remote as one
 * that may own any path and fill any slot (it loads it to find out).
 */
export const RegistryRemoteSchema = z.object({
  name: z.string().regex(REMOTE_NAME_PATTERN),
  /** The remote's mf-manifest.json: a same-origin path (or an http(s) URL). */
  entry: z.string().min(1).max(2048),
  routes: metadataShape.routes,
  slots: metadataShape.slots,
  postAdPanel: z.literal(true).optional(),
  /** Present only when the remote fills a header slot. */
  headerSlots: metadataShape.headerSlots,
  metadataUnavailable: z.literal(true).optional(),
});

/** `GET /mf/registry.json`: the deployed remotes, in the gateway's configured order. */
export const RegistryDocumentSchema = z.object({ remotes: z.array(RegistryRemoteSchema) });

export type RegistryRemote = z.infer<typeof RegistryRemoteSchema>;
export type RegistryDocument = z.infer<typeof RegistryDocumentSchema>;
