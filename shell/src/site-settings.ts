import { parseSiteSettings, SAMPLE_SITE_SETTINGS, SITE_SETTINGS_ELEMENT_ID, type SiteSettings } from '@cp/contracts/site-settings';

let read: { text: string | null | undefined; settings: SiteSettings } | undefined;

/**
 * The operator's site settings (WhatsApp group, contact e-mail and phone, founder), from the JSON block the gateway
 * writes into the page: no request, known at the first render, so nothing shifts. Without a usable block (the webpack
 * dev server) the marked samples of @cp/contracts. Read again only when the block's text changes.
 */
export function siteSettings(): SiteSettings {
  const text = globalThis.document?.getElementById(SITE_SETTINGS_ELEMENT_ID)?.textContent;
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
