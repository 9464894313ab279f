import './zod-config.ts';
import { z } from 'zod';
import { HEADER_LINK_API_PATH, HEADER_LINK_ID, HEADER_LINK_LIMITS, HEADER_LINK_NAME } from './header-links.ts';
import {
  HEADER_LINK_ICONS,
  HEADER_SLOTS,
  HOME_SLOTS,
  MANIFEST_METADATA_KEY,
  PAGE_SLOT_KEYS,
  PAGE_SLOT_LIMITS,
  PAGE_SLOTS,
  REMOTE_METADATA_LIMITS,
  REMOTE_PAGE_LIMITS,
  REMOTE_NAME_PATTERN,
  ROUTE_PATTERN,
  type RemoteMetadata,
} from './mf-metadata.ts';

/**
 * The microfrontend metadata and the remote registry as zod schemas, for the Node.js boundaries: a remote's build
 * (`@cp/web-core/build` checks `src/exposes/metadata.json` before publishing it) and the gateway (reads it from each
 * remote's mf-manifest.json, serves `GET /mf/registry.json`). The browser checks the same rules without zod
 * (`checkRemoteMetadata` in header-links.ts); a test keeps the two in agreement.
 */

const unique = (values: readonly string[]) => new Set(values).size === values.length;

const text = (max: number) => z.string().max(max).refine((value) => value.trim().length > 0, 'must not be blank');
const apiPath = text(HEADER_LINK_LIMITS.url).regex(HEADER_LINK_API_PATH);
const name = text(HEADER_LINK_LIMITS.event).regex(HEADER_LINK_NAME);

/** A link a remote puts into a header slot (mf-metadata.ts `HeaderLink`); `to` is checked against the routes below. */
export const HeaderLinkSchema = z.object({
  id: text(HEADER_LINK_LIMITS.id).regex(HEADER_LINK_ID),
  slot: z.enum(HEADER_SLOTS),
  to: z.string(),
  label: text(HEADER_LINK_LIMITS.label),
  icon: z.enum(HEADER_LINK_ICONS),
  count: z.object({ url: apiPath, field: name, noun: text(HEADER_LINK_LIMITS.label) }).optional(),
  live: z.object({ url: apiPath, events: z.array(name).min(1).max(HEADER_LINK_LIMITS.events).refine(unique, 'an event is listed twice') }).optional(),
});

function headerLinksOf<T extends z.ZodType<{ id: string }>>(link: T) {
  return z
    .array(link)
    .max(HEADER_LINK_LIMITS.perRemote)
    .refine((links) => unique(links.map((l) => l.id)), 'a header link is listed twice')
    .optional();
}

/**
 * A page of the remote whose head the server can give without reading any data (issue 35): a new team's `/events`
 * gets its title, description and canonical link in the server-rendered page and its link preview, and a place in the
 * sitemap when `index` (default true), with no change of the renderer. `path`: one of the remote's static routes.
 */
export const RemotePageSchema = z.strictObject({
  path: z.string().max(REMOTE_METADATA_LIMITS.routeLength).regex(ROUTE_PATTERN),
  title: text(REMOTE_PAGE_LIMITS.title),
  description: text(REMOTE_PAGE_LIMITS.description),
  index: z.boolean().optional(),
  /**
   * A public API GET (`/api/...`, no query) whose answer (RemotePagePreviewSchema) gives the page's head what is on it
   * now — the next events, not a fixed sentence — so a link shared in a chat names them. The renderer asks the service
   * that owns the path (configured, or registered at run time) within the page's budget; without an answer in time,
   * or with one that breaks the schema, the page has `title` and `description`.
   */
  preview: z.string().max(REMOTE_METADATA_LIMITS.routeLength).regex(/^\/api(\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/).optional(),
});

/** What a page's `preview` endpoint answers: the head's description now, and a title when it has a better one. */
export const RemotePagePreviewSchema = z.object({ title: text(REMOTE_PAGE_LIMITS.title).optional(), description: text(REMOTE_PAGE_LIMITS.description) });
export type RemotePagePreview = z.infer<typeof RemotePagePreviewSchema>;

/** A page slot a remote fills (mf-metadata.ts `PageSlotDeclaration`): `when` keys are the slot's own (PAGE_SLOT_KEYS). */
export const PageSlotDeclarationSchema = z
  .strictObject({
    slot: z.enum(PAGE_SLOTS),
    when: z.record(z.string(), z.array(z.string().min(1).max(PAGE_SLOT_LIMITS.valueLength)).min(1).max(PAGE_SLOT_LIMITS.values)).optional(),
  })
  .superRefine(({ slot, when }, ctx) => {
    for (const key of Object.keys(when ?? {})) {
      if (!(PAGE_SLOT_KEYS[slot] as readonly string[]).includes(key)) ctx.addIssue({ code: 'custom', path: ['when', key], message: `page slot ${slot} has no key ${key}` });
    }
  });

const metadataShape = {
  routes: z
    .array(z.string().max(REMOTE_METADATA_LIMITS.routeLength).regex(ROUTE_PATTERN))
    .max(REMOTE_METADATA_LIMITS.routes)
    .refine(unique, 'a route is listed twice'),
  slots: z.array(z.enum(HOME_SLOTS)).refine(unique, 'a slot is listed twice'),
  pageSlots: z
    .array(PageSlotDeclarationSchema)
    .max(PAGE_SLOT_LIMITS.perRemote)
    .refine((declared) => unique(declared.map((d) => d.slot)), 'a page slot is listed twice')
    .optional(),
  postAdPanel: z.boolean().optional(),
  headerLinks: headerLinksOf(HeaderLinkSchema),
  pages: z
    .array(RemotePageSchema)
    .max(REMOTE_PAGE_LIMITS.perRemote)
    .refine((pages) => unique(pages.map((p) => p.path.toLowerCase())), 'a page is listed twice')
    .optional(),
};

/** A header link goes to one of its remote's static routes, and has a count when it has a live stream. */
const headerLinksFit = (metadata: { routes: string[]; headerLinks?: Array<z.infer<typeof HeaderLinkSchema>>; pages?: Array<{ path: string }> | undefined }, ctx: z.RefinementCtx) => {
  for (const [i, page] of (metadata.pages ?? []).entries()) {
    if (!metadata.routes.includes(page.path) || page.path.includes(':') || page.path.includes('*')) {
      ctx.addIssue({ code: 'custom', path: ['pages', i, 'path'], message: "must be one of the remote's static routes" });
    }
  }
  for (const [i, link] of (metadata.headerLinks ?? []).entries()) {
    if (!metadata.routes.includes(link.to) || link.to.includes(':') || link.to.includes('*')) {
      ctx.addIssue({ code: 'custom', path: ['headerLinks', i, 'to'], message: "must be one of the remote's static routes" });
    }
    if (link.live && !link.count) ctx.addIssue({ code: 'custom', path: ['headerLinks', i, 'live'], message: 'a live stream needs a count' });
  }
};

/** What a remote contributes (see mf-metadata.ts): its routes, its home slots, the Post Ad panel, its header links. Unknown keys are dropped. */
export const RemoteMetadataSchema = z.object(metadataShape).superRefine(headerLinksFit);

/** A remote's own `src/exposes/metadata.json`, as its build reads it: unknown keys (typos) are refused. */
export const RemoteMetadataSourceSchema = z
  .strictObject({ ...metadataShape, headerLinks: headerLinksOf(HeaderLinkSchema.strict()) })
  .superRefine(headerLinksFit);

/**
 * A remote's metadata as it is published and served (the build's mf-manifest.json, the gateway's registry): what it
 * declares, with the optional parts present only when they say something.
 */
export function publishedMetadata(m: RemoteMetadata): RemoteMetadata {
  return {
    routes: m.routes,
    slots: m.slots,
    ...(m.pageSlots?.length ? { pageSlots: m.pageSlots } : {}),
    ...(m.postAdPanel ? { postAdPanel: true } : {}),
    ...(m.headerLinks?.length ? { headerLinks: m.headerLinks } : {}),
    ...(m.pages?.length ? { pages: m.pages } : {}),
  };
}

/** The part of a remote's mf-manifest.json the gateway reads: the metadata its build published. */
export const RemoteManifestMetadataSchema = z.object({
  metaData: z.object({ [MANIFEST_METADATA_KEY]: RemoteMetadataSchema }),
});

/**
 * One remote of `GET /mf/registry.json`. `metadataUnavailable`: the gateway could not read the remote's metadata
 * (its build or server is missing or broken): `routes` and `slots` are empty and the shell treats the remote as one
 * that may own any path and fill any slot (it loads it to find out).
 */
export const RegistryRemoteSchema = z
  .object({
    name: z.string().regex(REMOTE_NAME_PATTERN),
    /** The remote's mf-manifest.json: a same-origin path (or an http(s) URL). */
    entry: z.string().min(1).max(2048),
    routes: metadataShape.routes,
    slots: metadataShape.slots,
    /** Present only when the remote fills slots on other remotes' pages. */
    pageSlots: metadataShape.pageSlots,
    postAdPanel: z.literal(true).optional(),
    /** Present only when the remote has header links. */
    headerLinks: metadataShape.headerLinks,
    /** Present only when the remote declares pages (the renderer's heads and sitemap read them). */
    pages: metadataShape.pages,
    metadataUnavailable: z.literal(true).optional(),
    /**
     * The version this visitor is served, present only while the remote has a release by percentage (issue 35 §4): the
     * browser reports the remote's loads and failures with it (releases.ts BeaconSchema).
     */
    version: z.string().min(1).max(80).optional(),
  })
  .superRefine(headerLinksFit);

/** `GET /mf/registry.json`: the deployed remotes, in the gateway's configured order. */
export const RegistryDocumentSchema = z.object({ remotes: z.array(RegistryRemoteSchema) });

export type RegistryRemote = z.infer<typeof RegistryRemoteSchema>;
export type RegistryDocument = z.infer<typeof RegistryDocumentSchema>;
