/**
 * The home page's initial JavaScript (issue 3 §7): every JavaScript response of `/` in a fresh Chromium context until
 * the network is idle, gzip-compressed, against the budget (190 KB, our code 40 KB). Used by `npm run bench`; alone against a running
 * site: `node_modules/.bin/node scripts/bench/home-page.ts http://localhost:8080`.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../infra/src/chromium.ts';
import { homeFirstView, pageJavaScript, type JsFile } from './page-javascript.ts';
import { HOME_JS_BUDGET_KB, javascriptShare, OWN_CODE, OWN_CODE_BUDGET_KB, SHARE_GROUPS, type JavaScriptShare } from './stack-share.ts';


export interface HomePageJavaScript {
  files: JsFile[];
  /** The same files split into the required stack and our code (stack-share.ts). */
  share: JavaScriptShare;
}

/** Loads `/` in a fresh Chromium context (1280×900) and measures its JavaScript (pageJavaScript, javascriptShare). */
export async function homePageJavaScript(site: string): Promise<HomePageJavaScript> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const files = await pageJavaScript(await context.newPage(), site, homeFirstView);
    await context.close();
    return { files, share: await javascriptShare(files.map((f) => new URL(f.path, site).href)) };
  } finally {
    await browser.close();
  }
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
