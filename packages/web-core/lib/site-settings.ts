import { parseSiteSettings, SAMPLE_SITE_SETTINGS, SERVER_SITE_SETTINGS, SITE_SETTINGS_ELEMENT_ID, type SiteSettings } from '@cp/contracts/site-settings';

/**
 * `siteSettings` of `@cp/web-core`: the page's reader of the operator's site settings (their shape, samples and check
 * are the contracts', `@cp/contracts/site-settings`). Part of every page's first view (the header's WhatsApp link), so
 * it is in the shared singleton: the remotes use the host's copy. No zod.
 */

let read: { text: string | null | undefined; settings: SiteSettings } | undefined;
/** The page's document, when there is one (the renderer's process has none). */
type PageDocument = { getElementById(id: string): { textContent: string | null } | null } | undefined;

/**
 * The operator's site settings, from the JSON block the gateway writes into the page: no request, known at the first
 * render, so nothing shifts. On the server (the renderer) from the global `SERVER_SITE_SETTINGS` the page's render
 * sets. Without a usable block (the webpack dev server) the marked samples. Read again only when the block's text
 * changes. The shell's chrome and pages and the remotes (mf-listings' /listings) read it alike.
 */
export function siteSettings(): SiteSettings {
  const g = globalThis as { document?: PageDocument; [SERVER_SITE_SETTINGS]?: string };
  const text = g[SERVER_SITE_SETTINGS] ?? g.document?.getElementById(SITE_SETTINGS_ELEMENT_ID)?.textContent;
  if (!read || read.text !== text) {
    let parsed: SiteSettings | undefined;
    try {
      parsed = text ? parseSiteSettings(JSON.parse(text)) : undefined;
    } catch {
      // not JSON: the samples
    }
    if (text && !parsed) console.warn('The page\'s site settings are unreadable: showing the sample values');
    read = { text, settings: parsed ?? SAMPLE_SITE_SETTINGS };
  }
  return read.settings;
}
