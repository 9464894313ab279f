/**
 * The project's one browser: Debian's Chromium (installed by scripts/setup.sh; never a browser build downloaded by
 * Playwright), driven by playwright-core. Used by the browser tests (e2e/) and `npm run bench`.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
