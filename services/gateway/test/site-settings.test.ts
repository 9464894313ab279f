import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { request } from 'undici';
import { parseSiteSettings, SAMPLE_SITE_SETTINGS, type SiteSettings } from '@cp/contracts';
import type { RunningGateway } from '../src/app.ts';
import { loadGatewayConfig } from '../src/config.ts';
import { siteSettingsBlock, withSiteSettings } from '../src/web/site-settings.ts';
import { configRefusal } from '../../../packages/service-kit/test/support/config-refusal.ts';
import { client, startTestGateway, TEST_VISITOR_ID_KEYS } from './helpers.ts';

/** The operator's site settings (SITE_*): validated, required in production, written into every page served. */

const REAL = {
  SITE_WHATSAPP_GROUP_URL: 'https://chat.whatsapp.com/K3yStoneDesi2024Group',
  SITE_CONTACT_EMAIL: 'hello@centralpadesi.org',
  SITE_CONTACT_PHONE: '+1 (717) 730-4411',
  SITE_FOUNDER_NAME: 'Anita Rao',
  SITE_FOUNDER_TITLE: 'Founder and volunteer organiser',
  SITE_FOUNDER_BIO: 'Anita moved to Camp Hill in 2015.\n\n  She started the\n   WhatsApp group in 2018.  \n\n\n',
};

const REQUIRED = ['SITE_WHATSAPP_GROUP_URL', 'SITE_CONTACT_EMAIL', 'SITE_CONTACT_PHONE', 'SITE_FOUNDER_NAME', 'SITE_FOUNDER_TITLE', 'SITE_FOUNDER_BIO'];

const configError = (env: Record<string, string>) => configRefusal(loadGatewayConfig, env);

/** The text between the block's tags, as an HTML parser sees a script element's content (up to the first `</script`). */
function blockText(html: string): string {
  const open = '<script type="application/json" id="site-settings">';
  const start = html.indexOf(open);
  expect(start).toBeGreaterThan(-1);
  const from = start + open.length;
  return html.slice(from, html.toLowerCase().indexOf('</script', from));
}

describe('configuration', () => {
  test('development and test: every missing value is its marked sample', () => {
    expect(loadGatewayConfig({}).web.siteSettings).toEqual(SAMPLE_SITE_SETTINGS);
    expect(loadGatewayConfig({ NODE_ENV: 'test', SITE_CONTACT_PHONE: '717-730-4411' }).web.siteSettings).toEqual({ ...SAMPLE_SITE_SETTINGS, contactPhone: '717-730-4411' });
    for (const value of [SAMPLE_SITE_SETTINGS.contactPhone, SAMPLE_SITE_SETTINGS.contactEmail, SAMPLE_SITE_SETTINGS.founder.name, SAMPLE_SITE_SETTINGS.founder.title, SAMPLE_SITE_SETTINGS.founder.bio[0]!]) {
      expect(value).toMatch(/sample/i);
      expect(value).toMatch(/SITE_[A-Z_]+/);
    }
  });

  test('production refuses to start without the real values, naming each missing one', () => {
    const message = configError({ NODE_ENV: 'production' });
    for (const name of REQUIRED) expect(message).toContain(`${name}: required in production`);
    expect(message).not.toContain('SITE_FOUNDER_PHOTO_URL'); // optional
    const oneMissing = configError({ NODE_ENV: 'production', VISITOR_ID_KEYS: TEST_VISITOR_ID_KEYS, ...REAL, SITE_FOUNDER_BIO: '  \n\n ' });
    expect(oneMissing).toContain('SITE_FOUNDER_BIO');
    expect(oneMissing).not.toContain('SITE_CONTACT_EMAIL');
  });

  test('production with the real values: trimmed, the biography split into paragraphs at blank lines', () => {
    const c = loadGatewayConfig({ NODE_ENV: 'production', VISITOR_ID_KEYS: TEST_VISITOR_ID_KEYS, ...REAL, SITE_FOUNDER_NAME: '  Anita Rao ', SITE_FOUNDER_PHOTO_URL: '/uploads/founder.jpg' });
    expect(c.web.siteSettings).toEqual({
      whatsappGroupUrl: REAL.SITE_WHATSAPP_GROUP_URL,
      contactEmail: REAL.SITE_CONTACT_EMAIL,
      contactPhone: REAL.SITE_CONTACT_PHONE,
      founder: {
        name: 'Anita Rao',
        title: REAL.SITE_FOUNDER_TITLE,
        bio: ['Anita moved to Camp Hill in 2015.', 'She started the WhatsApp group in 2018.'],
        photoUrl: '/uploads/founder.jpg',
      },
    });
    expect(parseSiteSettings(JSON.parse(JSON.stringify(c.web.siteSettings)))).toEqual(c.web.siteSettings);
    expect(loadGatewayConfig({ NODE_ENV: 'production', VISITOR_ID_KEYS: TEST_VISITOR_ID_KEYS, ...REAL }).web.siteSettings.founder).not.toHaveProperty('photoUrl');
  });

  test("the listings-search threshold: optional in production too, written only when set, read back by the pages' reader", () => {
    expect(loadGatewayConfig({ NODE_ENV: 'production', VISITOR_ID_KEYS: TEST_VISITOR_ID_KEYS, ...REAL }).web.siteSettings).not.toHaveProperty('listingsServerSearchThreshold');
    for (const [value, threshold] of [['0', 0], [' 2 ', 2], ['2000', 2_000]] as const) {
      const settings = loadGatewayConfig({ NODE_ENV: 'production', VISITOR_ID_KEYS: TEST_VISITOR_ID_KEYS, ...REAL, SITE_LISTINGS_SERVER_SEARCH_THRESHOLD: value }).web.siteSettings;
      expect(settings.listingsServerSearchThreshold).toBe(threshold);
      expect(parseSiteSettings(JSON.parse(JSON.stringify(settings)))).toEqual(settings);
    }
    expect(loadGatewayConfig({ SITE_LISTINGS_SERVER_SEARCH_THRESHOLD: ' ' }).web.siteSettings).toEqual(SAMPLE_SITE_SETTINGS);
    // A block with a malformed one is not the gateway's: the reader refuses it as a whole.
    for (const bad of [-1, 2.5, '2', null]) expect(parseSiteSettings({ ...SAMPLE_SITE_SETTINGS, listingsServerSearchThreshold: bad })).toBeUndefined();
  });

  test.each([
    ['SITE_LISTINGS_SERVER_SEARCH_THRESHOLD', '-1', 'must be a whole number'],
    ['SITE_LISTINGS_SERVER_SEARCH_THRESHOLD', '1.5', 'must be a whole number'],
    ['SITE_LISTINGS_SERVER_SEARCH_THRESHOLD', 'many', 'must be a whole number'],
    // Past FULL_LIST_MAX the page's full list would miss the oldest listings.
    ['SITE_LISTINGS_SERVER_SEARCH_THRESHOLD', '2001', 'must be at most 2000'],
    ['SITE_WHATSAPP_GROUP_URL', 'https://chat.whatsapp.com/', 'WhatsApp group invite'],
    ['SITE_WHATSAPP_GROUP_URL', 'http://chat.whatsapp.com/K3yStoneDesi2024Group', 'WhatsApp group invite'],
    ['SITE_WHATSAPP_GROUP_URL', 'https://chat.whatsapp.com.evil.example/K3yStoneDesi2024Group', 'WhatsApp group invite'],
    ['SITE_WHATSAPP_GROUP_URL', 'javascript:alert(1)', 'WhatsApp group invite'],
    ['SITE_CONTACT_EMAIL', 'not an e-mail', 'SITE_CONTACT_EMAIL'],
    ['SITE_CONTACT_PHONE', 'call us!', 'must be a phone number'],
    ['SITE_FOUNDER_NAME', 'Anita\nRao', 'must be one line'],
    ['SITE_FOUNDER_PHOTO_URL', '//evil.example/x.jpg', 'https URL or a path'],
    ['SITE_FOUNDER_PHOTO_URL', 'http://example.com/x.jpg', 'https URL or a path'],
    ['SITE_FOUNDER_PHOTO_URL', 'javascript:alert(1)', 'https URL or a path'],
  ])('%s=%j is refused (%s), in development too', (name, value, message) => {
    for (const NODE_ENV of ['development', 'production']) {
      const text = configError({ NODE_ENV, ...REAL, [name]: value });
      expect(text).toContain(name);
      expect(text).toContain(message);
    }
  });
});

describe('the page block', () => {
  const hostile: SiteSettings = {
    ...SAMPLE_SITE_SETTINGS,
    founder: { name: 'A</script><script>alert(1)</script>', title: '<!-- x --> & <b>', bio: ['line\u2028separator\u2029para', '</SCRIPT >'] },
  };

  test('nothing in a value can end the element or open markup; the browser reads back the same settings', () => {
    const block = siteSettingsBlock(hostile);
    const inner = blockText(block);
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    expect(block.endsWith(`${inner}</script>`)).toBe(true); // the element ends where the gateway ends it
    expect(JSON.parse(inner)).toEqual(hostile);
  });

  test('written at the end of the head; a page without a head gets it at the end', () => {
    const html = '<!doctype html><html><head><title>x</title></HEAD><body></body></html>';
    const page = withSiteSettings(html, SAMPLE_SITE_SETTINGS);
    expect(page).toBe(`<!doctype html><html><head><title>x</title>${siteSettingsBlock(SAMPLE_SITE_SETTINGS)}</HEAD><body></body></html>`);
    expect(withSiteSettings('<p>x</p>', SAMPLE_SITE_SETTINGS)).toBe(`<p>x</p>${siteSettingsBlock(SAMPLE_SITE_SETTINGS)}`);
  });
});

describe('served pages', () => {
  const THEME = "(function(){document.documentElement.classList.add('light')})()";
  const THEME_HASH = `'sha256-${createHash('sha256').update(THEME).digest('base64')}'`;
  /** Over 1 KB, so it also goes out compressed. */
  const INDEX = `<!doctype html><html><head><script>${THEME}</script><meta name="description" content="${'x'.repeat(1200)}"></head><body><div id="root"></div></body></html>`;
  const PRODUCTION_ENV = { ...REAL, SITE_FOUNDER_NAME: 'Anita </script> Rao' };
  const PRODUCTION_SETTINGS = loadGatewayConfig({ NODE_ENV: 'production', VISITOR_ID_KEYS: TEST_VISITOR_ID_KEYS, ...PRODUCTION_ENV }).web.siteSettings;
  const api = client();
  let dir: string;
  let production: RunningGateway;
  let development: RunningGateway;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cp-site-settings-'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    writeFileSync(path.join(dir, 'csp.json'), JSON.stringify({ 'script-src': [THEME_HASH] }));
    production = await startTestGateway({ NODE_ENV: 'production', WEB_ROOT: dir, ...PRODUCTION_ENV });
    development = await startTestGateway({ WEB_ROOT: dir });
  });
  afterAll(async () => {
    await Promise.all([production?.close(), development?.close()]);
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('every page carries the configured settings in its head, under the unchanged policy', async () => {
    for (const p of ['/', '/about', '/contact']) {
      const res = await api.call(`${production.url}${p}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe(withSiteSettings(INDEX, PRODUCTION_SETTINGS));
      const settings = parseSiteSettings(JSON.parse(blockText(res.text)));
      expect(settings?.founder.name).toBe('Anita </script> Rao');
      expect(settings?.contactPhone).toBe(REAL.SITE_CONTACT_PHONE);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' ${THEME_HASH};`);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });

  test('compressed and plain answers carry the same page; its ETag follows the settings, and gives 304', async () => {
    const plain = await api.call(`${production.url}/`);
    const br = await request(`${production.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.body.arrayBuffer())).toString()).toBe(plain.text);
    const dev = await api.call(`${development.url}/`);
    expect(JSON.parse(blockText(dev.text))).toEqual(SAMPLE_SITE_SETTINGS);
    expect(dev.headers.etag).toMatch(/^W\/"/);
    expect(dev.headers.etag).not.toBe(plain.headers.etag); // same file, other settings: another page
    const again = await api.call(`${production.url}/`, { headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.status).toBe(304);
  });
});
