/**
 * The timings of the site's screens (spec §9): how long the web waits before it acts. Plain numbers, no React: the
 * shell and the remotes import them from `@cp/ui/timings`, an entry of its own that is not shared at run time, so each
 * page bundles (and its minifier inlines) only the numbers it uses.
 */

/** The home page's hero search navigates this long after the last key. */
export const HERO_SEARCH_DEBOUNCE_MS = 800;
/** The Advertisement carousel turns this often… */
export const AD_ROTATION_MS = 5000;
/** …and pauses this long after the visitor turns it by hand. */
export const AD_MANUAL_PAUSE_MS = 10_000;
/** After an invalid reset link or a successful reset, the page moves on after this long. */
export const REDIRECT_DELAY_MS = 3000;
/** A toast stays this long (the toast region's `duration`). */
export const TOAST_DURATION_MS = 5000;
/** A toast swiped right this far is dismissed (the toast region's `swipeThreshold`). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** A tooltip opens after this long (the tooltip's `delayDuration`)… */
export const TOOLTIP_DELAY_MS = 700;
/** …and at once while it closed less than this long ago (`skipDelayDuration`). */
export const TOOLTIP_SKIP_DELAY_MS = 300;
