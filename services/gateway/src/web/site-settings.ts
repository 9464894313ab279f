/**
 * The site settings (@cp/contracts/site-settings): the operator's WhatsApp group, contact e-mail and phone and the
 * founder's profile, from SITE_* variables. Required in production (the gateway refuses to start without them); in
 * development and tests each missing one is replaced by its marked sample value. Optional: where /listings switches to
 * the search service's pages (written only when set; mf-listings otherwise uses LISTINGS_SERVER_SEARCH_THRESHOLD). The gateway writes them into every
 * page it serves (web.ts) with `siteSettingsBlock`.
 */
import { z } from 'zod';
import { FULL_LIST_MAX, isSitePhotoUrl, SAMPLE_SITE_SETTINGS, SITE_SETTINGS_ELEMENT_ID, WHATSAPP_GROUP_URL_PATTERN, type SiteSettings } from '@cp/contracts';
import { ConfigError } from '@cp/service-kit';

/** Unset or blank is undefined; otherwise trimmed and checked. */
const optional = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), schema.optional());

const line = (max: number) => z.string().max(max).regex(/^[^\r\n]*$/, 'must be one line');

export const SiteSettingsEnv = z.object({
  /** The WhatsApp group invite the header, the mobile menu and the footer link to. */
  SITE_WHATSAPP_GROUP_URL: optional(z.string().regex(WHATSAPP_GROUP_URL_PATTERN, 'must be a WhatsApp group invite, https://chat.whatsapp.com/<code>')),
  /** The e-mail shown on the home contact block and /contact (not where contact messages go: that is comms' CONTACT_INBOX). */
  SITE_CONTACT_EMAIL: optional(z.email().max(254)),
  /** The phone number shown on the home contact block, as it should read, e.g. (717) 555-0100. */
  SITE_CONTACT_PHONE: optional(z.string().regex(/^[0-9+() .-]{7,40}$/, 'must be a phone number: digits, spaces and + ( ) . -')),
  SITE_FOUNDER_NAME: optional(line(100)),
  SITE_FOUNDER_TITLE: optional(line(150)),
  /** The founder's biography on /about: paragraphs separated by a blank line. */
  SITE_FOUNDER_BIO: optional(
    z
      .string()
      .max(5_000)
      .transform((v) => v.split(/\r?\n\s*\r?\n/).map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean)),
  ),
  /** Optional: the founder's photo, an https URL or a path of this site such as /uploads/founder.jpg. */
  SITE_FOUNDER_PHOTO_URL: optional(z.string().max(2_000).refine(isSitePhotoUrl, 'must be an https URL or a path of this site (/...)')),
  /**
   * Optional: past this many listings /listings asks the search service for pages (default
   * LISTINGS_SERVER_SEARCH_THRESHOLD). At most FULL_LIST_MAX: below it the page downloads the full list, which the
   * listings service caps there.
   */
  SITE_LISTINGS_SERVER_SEARCH_THRESHOLD: optional(
    z
      .string()
      .regex(/^\d{1,9}$/, 'must be a whole number ≥ 0')
      .transform(Number)
      .refine((n) => n <= FULL_LIST_MAX, `must be at most ${FULL_LIST_MAX} (the most one full list of listings carries)`),
  ),
});
export type SiteSettingsEnvValues = z.infer<typeof SiteSettingsEnv>;

const REQUIRED = ['SITE_WHATSAPP_GROUP_URL', 'SITE_CONTACT_EMAIL', 'SITE_CONTACT_PHONE', 'SITE_FOUNDER_NAME', 'SITE_FOUNDER_TITLE', 'SITE_FOUNDER_BIO'] as const;

/**
 * The settings from the validated variables. Production: every required one must be set (a ConfigError lists the
 * missing); elsewhere a missing one takes its sample value.
 */
export function siteSettingsOf(e: SiteSettingsEnvValues & { NODE_ENV: 'development' | 'test' | 'production' }): SiteSettings {
  if (e.NODE_ENV === 'production') {
    const missing = REQUIRED.filter((name) => e[name] === undefined);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}: required in production (the operator's site settings)`).join('\n')}`);
    }
  }
  const sample = SAMPLE_SITE_SETTINGS;
  return {
    whatsappGroupUrl: e.SITE_WHATSAPP_GROUP_URL ?? sample.whatsappGroupUrl,
    contactEmail: e.SITE_CONTACT_EMAIL ?? sample.contactEmail,
    contactPhone: e.SITE_CONTACT_PHONE ?? sample.contactPhone,
    founder: {
      name: e.SITE_FOUNDER_NAME ?? sample.founder.name,
      title: e.SITE_FOUNDER_TITLE ?? sample.founder.title,
      bio: e.SITE_FOUNDER_BIO?.length ? e.SITE_FOUNDER_BIO : sample.founder.bio,
      ...(e.SITE_FOUNDER_PHOTO_URL ? { photoUrl: e.SITE_FOUNDER_PHOTO_URL } : {}),
    },
    ...(e.SITE_LISTINGS_SERVER_SEARCH_THRESHOLD !== undefined ? { listingsServerSearchThreshold: e.SITE_LISTINGS_SERVER_SEARCH_THRESHOLD } : {}),
  };
}

/**
 * The settings as the page's JSON block. The JSON is escaped so that nothing in a value can end the element or
 * open markup (`<`, `>`, `&`) and U+2028/U+2029 stay escaped; `type="application/json"` is never executed, so the
 * Content-Security-Policy's script rule does not concern it.
 */
export function siteSettingsBlock(settings: SiteSettings): string {
  const json = JSON.stringify(settings).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${SITE_SETTINGS_ELEMENT_ID}">${json}</script>`;
}

/** index.html with the settings block at the end of its head (or of the document, when it has no `</head>`). */
export function withSiteSettings(html: string, settings: SiteSettings): string {
  const block = siteSettingsBlock(settings);
  const head = html.search(/<\/head>/i);
  return head === -1 ? `${html}${block}` : `${html.slice(0, head)}${block}${html.slice(head)}`;
}
