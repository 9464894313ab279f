import { checkPageMetadata, checkPageSlots, firstDuplicate, HEADER_LINK_ICONS, isHeaderSlot, type HeaderLink, type HeaderLinkIcon, type RemoteMetadata } from './mf-metadata.ts';

/**
 * The rules of a remote's header links (mf-metadata.ts `HeaderLink`), zod-free, apart from mf-metadata.ts: the shell's
 * first bundle reads the registry with `checkPageMetadata` and does not carry these; the header's own chunk checks the
 * links it draws (`checkHeaderLinks`). The zod schema of the same rules is in microfrontends.ts; a test keeps them in
 * agreement.
 */


export const HEADER_LINK_LIMITS = { perRemote: 3, id: 40, label: 40, url: 200, events: 8, event: 40 } as const;
export const HEADER_LINK_ID = /^[a-z][a-z0-9-]*$/;
/** A same-origin API path without query, fragment or dot segments: `/api/...`. */
export const HEADER_LINK_API_PATH = /^\/api(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~-]+)+$/;
/** A JSON field name or a server-sent event name: letters, digits, `_` and `-`, starting with a letter. */
export const HEADER_LINK_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

const isHeaderLinkIcon = (value: unknown): value is HeaderLinkIcon => (HEADER_LINK_ICONS as readonly unknown[]).includes(value);
const isText = (value: unknown, max: number, pattern?: RegExp) => typeof value === 'string' && value.trim().length > 0 && value.length <= max && (!pattern || pattern.test(value));
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why `link` is not a valid header link of a remote whose routes are `routes`; undefined when it is. */
function headerLinkError(link: unknown, routes: readonly string[]): string | undefined {
  if (!isObject(link)) return 'a header link must be an object';
  const { id, slot, to, label, icon, count, live } = link;
  const name = isText(id, HEADER_LINK_LIMITS.id, HEADER_LINK_ID) ? (id as string) : undefined;
  if (name === undefined) return 'a header link needs an `id` (lowercase letters, digits and -)';
  if (!isHeaderSlot(slot)) return `header link ${name}: unknown header slot ${JSON.stringify(slot)}`;
  if (typeof to !== 'string' || !routes.includes(to) || to.includes(':') || to.includes('*')) return `header link ${name}: \`to\` must be one of the remote's static routes`;
  if (!isText(label, HEADER_LINK_LIMITS.label)) return `header link ${name}: \`label\` must be 1 to ${HEADER_LINK_LIMITS.label} characters`;
  if (!isHeaderLinkIcon(icon)) return `header link ${name}: unknown icon ${JSON.stringify(icon)}`;
  if (count !== undefined) {
    if (!isObject(count) || !isText(count.url, HEADER_LINK_LIMITS.url, HEADER_LINK_API_PATH) || !isText(count.field, HEADER_LINK_LIMITS.event, HEADER_LINK_NAME) || !isText(count.noun, HEADER_LINK_LIMITS.label)) {
      return `header link ${name}: \`count\` needs a \`url\` (/api/...), a \`field\` and a \`noun\``;
    }
  }
  if (live !== undefined) {
    const events = isObject(live) ? live.events : undefined;
    const eventsOk = Array.isArray(events) && events.length > 0 && events.length <= HEADER_LINK_LIMITS.events && events.every((e) => isText(e, HEADER_LINK_LIMITS.event, HEADER_LINK_NAME)) && firstDuplicate(events as string[]) === undefined;
    if (count === undefined || !isObject(live) || !isText(live.url, HEADER_LINK_LIMITS.url, HEADER_LINK_API_PATH) || !eventsOk) {
      return `header link ${name}: \`live\` needs a \`count\`, a \`url\` (/api/...) and 1 to ${HEADER_LINK_LIMITS.events} distinct \`events\``;
    }
  }
  return undefined;
}

/** The header link with only its known keys. */
function headerLinkOf(link: HeaderLink): HeaderLink {
  const { id, slot, to, label, icon, count, live } = link;
  return {
    id,
    slot,
    to,
    label,
    icon,
    ...(count ? { count: { url: count.url, field: count.field, noun: count.noun } } : {}),
    ...(live ? { live: { url: live.url, events: [...live.events] } } : {}),
  };
}

/**
 * Checks a remote's header links (`headerLinks` of its metadata) against its routes. Returns the links with only the
 * known keys (none when absent), or why they are invalid. Apart from `checkPageMetadata` so the shell's first bundle,
 * which reads the registry, does not carry it: the header's own chunk checks the links it draws.
 */
export function checkHeaderLinks(links: unknown, routes: readonly string[]): { ok: true; links: HeaderLink[] } | { ok: false; error: string } {
  if (links === undefined) return { ok: true, links: [] };
  if (!Array.isArray(links)) return { ok: false, error: '`headerLinks` must be an array' };
  if (links.length > HEADER_LINK_LIMITS.perRemote) return { ok: false, error: `at most ${HEADER_LINK_LIMITS.perRemote} header links` };
  for (const link of links) {
    const error = headerLinkError(link, routes);
    if (error !== undefined) return { ok: false, error };
  }
  const duplicate = firstDuplicate(links.map((l: { id: string }) => l.id));
  if (duplicate !== undefined) return { ok: false, error: `header link ${duplicate} is listed twice` };
  return { ok: true, links: (links as HeaderLink[]).map(headerLinkOf) };
}

/** Checks a remote's whole metadata (`checkPageMetadata`, `checkPageSlots` and `checkHeaderLinks`): the same rules as the zod schema. */
export function checkRemoteMetadata(value: unknown): { ok: true; metadata: RemoteMetadata } | { ok: false; error: string } {
  const page = checkPageMetadata(value);
  if (!page.ok) return page;
  const slots = checkPageSlots((value as { pageSlots?: unknown }).pageSlots);
  if (!slots.ok) return slots;
  const header = checkHeaderLinks((value as { headerLinks?: unknown }).headerLinks, page.metadata.routes);
  if (!header.ok) return header;
  return {
    ok: true,
    metadata: { ...page.metadata, ...(slots.pageSlots.length > 0 ? { pageSlots: slots.pageSlots } : {}), ...(header.links.length > 0 ? { headerLinks: header.links } : {}) },
  };
}
