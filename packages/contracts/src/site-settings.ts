/**
 * The site settings: the operator's own values that the chrome and the shell's pages show (issue 14): the WhatsApp
 * group, the contact e-mail and phone, the founder's profile on /about. The gateway reads them from its configuration
 * (services/gateway/src/web/site-settings.ts: SITE_* variables, required in production) and writes them into every page
 * it serves as a JSON block that is never executed (`<script type="application/json" id="site-settings">`), so the
 * first view has them without a request. The shell and the remotes read that block with `siteSettings()` of
 * `@cp/web-core`.
 *
 * No zod here: this module is part of the home page's first bundle.
 */

export interface SiteFounder {
  name: string;
  /** Shown under the name, e.g. "Founder and volunteer organiser". */
  title: string;
  /** The biography, one string per paragraph. */
  bio: string[];
  /** An https URL or a path of this site (e.g. /uploads/...); none: the page shows the site's initials. */
  photoUrl?: string;
}

export interface SiteSettings {
  /** The community's WhatsApp group invite, https://chat.whatsapp.com/<code>. */
  whatsappGroupUrl: string;
  contactEmail: string;
  contactPhone: string;
  founder: SiteFounder;
  /**
   * Past this many listings /listings asks the search service for pages instead of filtering the full list
   * (SITE_LISTINGS_SERVER_SEARCH_THRESHOLD). Absent: mf-listings' LISTINGS_SERVER_SEARCH_THRESHOLD.
   */
  listingsServerSearchThreshold?: number;
}

/** The id of the JSON block the gateway writes into the page. */
export const SITE_SETTINGS_ELEMENT_ID = 'site-settings';

/** What a WhatsApp group invite looks like. */
export const WHATSAPP_GROUP_URL_PATTERN = /^https:\/\/chat\.whatsapp\.com\/[A-Za-z0-9]{10,64}$/;

/** A photo the page may show: an https URL, or a path of this site (not `//host`, which would be another site). */
export const isSitePhotoUrl = (value: string): boolean => /^https:\/\/[^\s"'<>]+$/.test(value) || /^\/(?!\/)[^\s"'<>]*$/.test(value);

/**
 * The values development and tests run with, each saying which variable replaces it, so a page showing them is
 * plainly unfinished. The gateway refuses to start in production without the real ones; the shell shows these when
 * the page has no settings block (the webpack dev server).
 */
export const SAMPLE_SITE_SETTINGS: SiteSettings = {
  whatsappGroupUrl: 'https://chat.whatsapp.com/SampleSetSiteWhatsappGroupUrl',
  contactEmail: 'sample-set-SITE_CONTACT_EMAIL@example.com',
  contactPhone: 'Sample phone: set SITE_CONTACT_PHONE',
  founder: {
    name: 'Sample founder: set SITE_FOUNDER_NAME',
    title: 'Sample title: set SITE_FOUNDER_TITLE',
    bio: ['Sample biography: set SITE_FOUNDER_BIO to the founder’s story, paragraphs separated by a blank line.'],
  },
};

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The settings of a parsed JSON block, or undefined when it is not a complete, well-formed settings document. */
export function parseSiteSettings(value: unknown): SiteSettings | undefined {
  const v = value as Partial<Record<keyof SiteSettings, unknown>> | null;
  const f = (v?.founder ?? null) as Partial<Record<keyof SiteFounder, unknown>> | null;
  if (!v || !f || !text(v.contactEmail) || !text(v.contactPhone) || !text(f.name) || !text(f.title)) return undefined;
  if (!text(v.whatsappGroupUrl) || !v.whatsappGroupUrl.startsWith('https://chat.whatsapp.com/')) return undefined;
  if (!Array.isArray(f.bio) || !f.bio.every(text)) return undefined;
  if (f.photoUrl !== undefined && !(text(f.photoUrl) && isSitePhotoUrl(f.photoUrl))) return undefined;
  const t = v.listingsServerSearchThreshold;
  if (t !== undefined && !(Number.isInteger(t) && (t as number) >= 0)) return undefined;
  const founder: SiteFounder = { name: f.name, title: f.title, bio: f.bio, ...(f.photoUrl ? { photoUrl: f.photoUrl } : {}) };
  return { whatsappGroupUrl: v.whatsappGroupUrl, contactEmail: v.contactEmail, contactPhone: v.contactPhone, founder, ...(t !== undefined ? { listingsServerSearchThreshold: t as number } : {}) };
}

/**
 * Where a page rendered on the server reads them (issue 20): the renderer's process has no document; it sets this
 * global to the JSON the gateway writes into the page, so the server's markup is the browser's (`siteSettings()` of
 * `@cp/web-core` reads it first).
 */
export const SERVER_SITE_SETTINGS = '__cpSiteSettings';
