import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { UploadResponseSchema } from '@cp/contracts';
import { startListings, type ListingsHarness } from './helpers.ts';

let h: ListingsHarness;
let cookie: string;

beforeAll(async () => {
  h = await startListings();
  cookie = (await h.newSession()).cookie;
});
afterAll(async () => {
  await h?.close();
});

interface Part {
  data: Buffer | string;
  name?: string;
  type?: string;
}

async function upload(parts: Part[], opts: { cookie?: string | null } = {}) {
  const form = new FormData();
  for (const p of parts) form.append('images', new Blob([typeof p.data === 'string' ? p.data : new Uint8Array(p.data)], { type: p.type ?? 'image/jpeg' }), p.name ?? 'photo.jpg');
  const c = opts.cookie === undefined ? cookie : opts.cookie;
  const res = await fetch(`${h.base}/api/upload`, { method: 'POST', body: form, headers: c ? { cookie: c } : {} });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

const solid = (width: number, height: number, background = '#3b82f6') => sharp({ create: { width, height, channels: 3, background } });

/** A JPEG carrying camera and GPS EXIF, as a phone writes it. */
async function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return solid(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'X1', Copyright: 'Asha Patel' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 12/1 3456/100', GPSLongitudeRef: 'W', GPSLongitude: '76/1 53/1 1234/100' },
    })
    .toBuffer();
}

async function fetchImage(url: string) {
  const res = await fetch(h.base + url);
  return { res, data: Buffer.from(await res.arrayBuffer()) };
}

/** A PNG header that claims a huge image (a decompression bomb's signature) followed by no real pixels. */
function hugePngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
}

describe('POST /api/upload', () => {
  it('stores a WebP display image without EXIF/GPS, keeps its dimensions, answers { url } per spec §7', async () => {
    const original = await jpegWithGps(640, 480);
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined(); // the input really carries EXIF with GPS
    expect(before.exif!.includes(Buffer.from('TestPhone'))).toBe(true);

    const res = await upload([{ data: original }]);
    expect(res.status).toBe(201);
    const body = UploadResponseSchema.parse(res.body);
    expect(body.url).toMatch(/^\/uploads\/img\/[0-9a-f-]{36}\.webp$/);
    expect(body).toMatchObject({ width: 640, height: 480, urls: [body.url] });

    const { res: got, data } = await fetchImage(body.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const stored = await sharp(data).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();
    expect(data.includes(Buffer.from('TestPhone'))).toBe(false);
    expect([stored.width, stored.height]).toEqual([640, 480]);

    const thumb = await fetchImage(body.thumbnailUrl!);
    const thumbMeta = await sharp(thumb.data).metadata();
    expect(thumbMeta.format).toBe('webp');
    expect(thumbMeta.exif).toBeUndefined();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([480, 360]);
  });

  it('auto-rotates from the EXIF orientation and scales big images down to the display size', async () => {
    const rotated = await solid(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const res = await upload([{ data: rotated }]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 200, height: 400 });
    const big = await upload([{ data: await solid(4000, 3000).png().toBuffer(), name: 'big.png', type: 'image/png' }]);
    expect(big.body).toMatchObject({ width: 1600, height: 1200 });
    const stored = await sharp((await fetchImage(big.body.url as string)).data).metadata();
    expect([stored.width, stored.height]).toEqual([1600, 1200]);
  });

  it('accepts JPEG, PNG, WebP and GIF in one request and lists them all, in order', async () => {
    const files: Part[] = [
      { data: await solid(30, 20).jpeg().toBuffer(), name: 'a.jpg' },
      { data: await solid(31, 20).png().toBuffer(), name: 'b.png', type: 'image/png' },
      { data: await solid(32, 20).webp().toBuffer(), name: 'c.webp', type: 'image/webp' },
      { data: await solid(33, 20).gif().toBuffer(), name: 'd.gif', type: 'image/gif' },
    ];
    const res = await upload(files);
    expect(res.status).toBe(201);
    const body = UploadResponseSchema.parse(res.body);
    expect(body.urls).toHaveLength(4);
    expect(body.images!.map((i) => i.width)).toEqual([30, 31, 32, 33]);
    expect(body.url).toBe(body.urls![0]);
    expect(new Set(body.urls).size).toBe(4);
  });

  it('decides the type by magic bytes: SVG, a text file renamed .png and a PDF are 415', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    for (const part of [
      { data: svg, name: 'logo.svg', type: 'image/svg+xml' },
      { data: 'just some text, not an image at all', name: 'photo.png', type: 'image/png' },
      { data: '%PDF-1.7\n%âãÏÓ\n1 0 obj', name: 'scan.jpg', type: 'image/jpeg' },
      { data: 'GIF', name: 'tiny.gif', type: 'image/gif' },
    ]) {
      const res = await upload([part]);
      expect([part.name, res.status]).toEqual([part.name, 415]);
      expect(res.body.error).toBe('Only JPEG, PNG, WebP and GIF images are accepted');
    }
  });

  it('refuses the whole request when one of its files is refused', async () => {
    const res = await upload([{ data: await solid(10, 10).jpeg().toBuffer() }, { data: 'not an image at all, really', name: 'x.png' }]);
    expect(res.status).toBe(415);
  });

  it('refuses an 11th file with 413 and the limit message', async () => {
    const small = await solid(8, 8).jpeg().toBuffer();
    const res = await upload(Array.from({ length: 11 }, () => ({ data: small })));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('Limit Reached: You can upload a maximum of 10 images per listing');
    const ten = await upload(Array.from({ length: 10 }, () => ({ data: small })));
    expect(ten.status).toBe(201);
    expect(ten.body.urls).toHaveLength(10);
  });

  it('refuses a file over 10 MB with 413 JSON', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x55);
    big.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const res = await upload([{ data: big }]);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('Each image must be at most 10MB');
  });

  it('refuses a decompression bomb (huge declared dimensions) with 413 before decoding', async () => {
    const res = await upload([{ data: hugePngHeader(30_000, 30_000), name: 'bomb.png', type: 'image/png' }]);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('Image dimensions are too large');
  });

  it('answers 400 for a damaged image, no file, or a body that is not multipart', async () => {
    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect((await upload([{ data: damaged }])).status).toBe(400);
    const empty = await fetch(`${h.base}/api/upload`, { method: 'POST', body: new FormData(), headers: { cookie } });
    expect(empty.status).toBe(400);
    const json = await fetch(`${h.base}/api/upload`, { method: 'POST', body: '{}', headers: { cookie, 'content-type': 'application/json' } });
    expect(json.status).toBe(400);
  });

  it('answers 400 to a multipart body that ends inside a file part (no closing boundary), and keeps serving', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const head = '--ZZ\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
    for (const body of [Buffer.concat([Buffer.from(head), png]), Buffer.from(head), Buffer.from('--ZZ\r\nContent-Disposition: form-da')]) {
      const res = await fetch(`${h.base}/api/upload`, { method: 'POST', body, headers: { cookie, 'content-type': 'multipart/form-data; boundary=ZZ' } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'Malformed multipart body' });
    }
    expect((await fetch(`${h.base}/healthz`)).status).toBe(200);
  });

  it('requires a login (401)', async () => {
    const res = await upload([{ data: await solid(8, 8).jpeg().toBuffer() }], { cookie: null });
    expect(res.status).toBe(401);
  });
});

describe('GET /uploads/<key>', () => {
  it('answers 404 for unknown keys and anything that is not an upload key', async () => {
    for (const path of ['img/00000000-0000-4000-8000-000000000000.webp', 'img/../secrets.json', 'x.webp', 'img/abc.svg', '%2e%2e/%2e%2e/etc/passwd']) {
      const res = await fetch(`${h.base}/uploads/${path}`);
      expect([path, res.status]).toEqual([path, 404]);
    }
  });

  it('answers HEAD with the headers only', async () => {
    const res = await upload([{ data: await solid(20, 20).png().toBuffer(), name: 'a.png', type: 'image/png' }]);
    const head = await fetch(h.base + (res.body.url as string), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
  });

  it('answers 304 to a conditional request', async () => {
    const res = await upload([{ data: await solid(20, 20).png().toBuffer(), name: 'a.png', type: 'image/png' }]);
    const first = await fetch(h.base + (res.body.url as string));
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    // A browser's revalidation (fetch() itself would add Cache-Control: no-cache, which asks for a full answer).
    const again = await fetch(h.base + (res.body.url as string), { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
  });
});
