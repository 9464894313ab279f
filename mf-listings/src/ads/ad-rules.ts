import { HOME_COUNTS, type Advertisement } from '@cp/contracts';

// No zod here: the ad widgets are on the home page, which must stay light (the schemas carry zod).

/** The placements home queries (spec §4). */
export const HOME_PLACEMENTS: readonly string[] = ['homepage-top', 'homepage-middle'];

const onHome = (ad: Advertisement) => ad.status === 'active' && HOME_PLACEMENTS.includes(ad.placement);

/** Home "sponsored large ads": the active large ads of the home placements, up to 12 (spec §2, §9). */
export function homeLargeAds(ads: readonly Advertisement[], count: number = HOME_COUNTS.largeAds): Advertisement[] {
  return ads.filter((a) => onHome(a) && a.size === 'large').slice(0, count);
}

/** The sidebar carousel: the small active ads of the home placements; without small ones, the large ones. */
export function sidebarAds(ads: readonly Advertisement[]): Advertisement[] {
  const home = ads.filter(onHome);
  const small = home.filter((a) => a.size === 'small');
  return small.length > 0 ? small : home;
}

/** An ad's link only when it is http(s) (the server checks it too): never a javascript: or data: URL. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, 'https://invalid.example');
    if (url.startsWith('/') && !url.startsWith('//')) return url; // an image stored on this site
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The contact form's subject for an advertising inquiry (the sidebar's own card when no ad runs). */
export const ADVERTISE_SUBJECT = 'Advertising inquiry';
