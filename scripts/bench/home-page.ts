/**
 * The home page's initial JavaScript (issue 3 §7): every JavaScript response of `/` in a fresh Chromium context until
 * the network is idle, gzip-compressed, against the budget (190 KB, our code 40 KB). Used by `npm run bench`; alone against a running
 * site: `node_modules/.bin/node scripts/bench/home-page.ts http://localhost:8080`.
 */
import { homeFirstView } from './page-javascript.ts';
import { measurePage, withChromium, type MeasuredPage } from './page-weights.ts';
import { HOME_JS_BUDGET_KB, OWN_CODE, OWN_CODE_BUDGET_KB, SHARE_GROUPS } from './stack-share.ts';

export type HomePageJavaScript = MeasuredPage;

/** Loads `/` in a fresh Chromium context (1280×900) until mf-listings' code has rendered its first view, and measures its JavaScript. */
export function homePageJavaScript(site: string): Promise<HomePageJavaScript> {
  return withChromium((browser) => measurePage(browser, site, homeFirstView));
}

export function printHomePage({ files, share }: HomePageJavaScript): void {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  const transferred = files.reduce((sum, f) => sum + f.transferred, 0);
  console.log('');
  console.log(`home page initial JavaScript: ${kb(total)} KB gzip in ${files.length} files (budget ${HOME_JS_BUDGET_KB} KB: ${total / 1024 <= HOME_JS_BUDGET_KB ? 'within' : `over by ${kb(total - HOME_JS_BUDGET_KB * 1024)} KB`})`);
  console.log(`  as the gateway sent it: ${kb(transferred)} KB (${[...new Set(files.map((f) => f.encoding))].join(', ')})`);
  console.log('');
  console.log('| file | KB gzip |');
  console.log('|---|---:|');
  for (const f of files) console.log(`| ${f.path} | ${kb(f.gzip)} |`);
  console.log('');
  console.log(`made of (by the served source maps; each part of each file compressed alone):`);
  console.log('');
  console.log('| part | KB gzip |');
  console.log('|---|---:|');
  for (const group of SHARE_GROUPS) {
    if (group === OWN_CODE) console.log(`| **the required stack together** | **${kb(share.stackGzip)}** |`);
    console.log(`| ${group} | ${kb(share.gzip[group])} |`);
  }
  console.log('');
  const own = share.gzip[OWN_CODE];
  console.log(`  our code: ${kb(own)} KB of its ${OWN_CODE_BUDGET_KB} KB budget (${own / 1024 <= OWN_CODE_BUDGET_KB ? 'within' : `over by ${kb(own - OWN_CODE_BUDGET_KB * 1024)} KB`})`);
  console.log('');
}

if (import.meta.main) {
  const site = process.argv[2] ?? 'http://localhost:8080';
  printHomePage(await homePageJavaScript(site));
}
