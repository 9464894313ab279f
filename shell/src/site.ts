/**
 * Site facts shown by the chrome and the shell's pages. The operator's own values (the WhatsApp group, the contact
 * e-mail and phone, the founder) are not here: they come from the gateway's configuration (site-settings.ts).
 */
export const SITE_NAME = 'Central PA Desi Community';
export const SITE_SHORT_NAME = 'Central PA Desi';
export const SITE_DESCRIPTION =
  'Classifieds, forum, business directory and Yellow Pages for the Indian community in Mechanicsburg, Harrisburg, Carlisle, Camp Hill and Enola.';
export const SERVICE_AREA = ['Mechanicsburg', 'Harrisburg', 'Carlisle', 'Camp Hill', 'Enola'] as const;
/** Spec §2 (home contact block) and §9. */
export const PHONE_HOURS = 'Monday to Friday, 9:00 AM to 6:00 PM EST';
export const SUPPORT_HOURS = 'Monday to Friday, 9 AM to 6 PM EST';

export interface NavItem {
  to: string;
  label: string;
  /** Who sees it: everyone, logged-in users, or (in the header) admins only. */
  audience?: 'all' | 'user' | 'admin';
}

/** Header navigation (spec §2 Chrome). Admin: header for admins only; the mobile menu shows it to everyone. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/listings', label: 'Browse' },
  { to: '/forum', label: 'Forum' },
  { to: '/businesses', label: 'Businesses' },
  { to: '/yellow-pages', label: 'Yellow Pages' },
  { to: '/contact', label: 'Contact' },
  { to: '/my-listings', label: 'My Listings', audience: 'user' },
  { to: '/admin', label: 'Admin', audience: 'admin' },
];

export const ANNOUNCEMENTS: readonly string[] = [
  'Welcome to the Central PA Desi Community: listings, forum and local businesses in one place',
  'Post your ad for free and reach neighbours across Mechanicsburg, Harrisburg, Carlisle, Camp Hill and Enola',
  'Never share bank details or personal identifiers with people you meet online',
  'Join our WhatsApp group for community news and events',
];
