import sharp, { type Sharp } from 'sharp';

/** Every preview image: 1200×630 JPEG, so a page's head states og:image:width/height without reading the image. */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** WhatsApp drops preview images larger than about 300 KB. */
export const MAX_JPEG_BYTES = 300 * 1024;
/** Bumped when a template or the encoding changes: every cached image's key changes with it. */
export const TEMPLATE_VERSION = 1;
export const DEFAULT_SITE_NAME = 'Central PA Desi Community';

/** The shell's light theme (packages/ui/lib/theme.css). */
const COLOURS = { primary: '#c2410c', accent: '#ffedd5', background: '#fff7ed', foreground: '#0f172a', muted: '#475569', green: '#166534', card: '#ffffff' };
/**
 * Text is drawn by librsvg through fontconfig with the machine's fonts: DejaVu Sans (Debian fonts-dejavu-core,
 * installed by scripts/setup.sh), else Liberation Sans (fonts-liberation), else any sans-serif.
 */
const FONT = "'DejaVu Sans', 'Liberation Sans', sans-serif";
const QUALITIES = [82, 72, 62, 52, 42];

/** A sharp input that refuses sources above `maxPixels` before decoding them (decompression bombs). */
const sourceOptions = (maxPixels: number) => ({ limitInputPixels: maxPixels, failOn: 'error' as const, animated: false });

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** Control characters out, whitespace folded, at most `max` characters (an ellipsis when cut). */
function fit(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** A title's font size by its length, so it stays on the card's one line. */
const titleSize = (text: string) => {
  const n = [...text].length;
  return n <= 14 ? 104 : n <= 20 ? 84 : n <= 28 ? 64 : 48;
};

interface CardText {
  siteName: string;
  /** The big line: the category's name, or the site's name on the site card. */
  title: string;
  subtitle: string;
}

/** The branded card as SVG: site name on top, title, subtitle, the brand's bars. */
export function cardSvg({ siteName, title, subtitle }: CardText): string {
  const t = fit(title, 38);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
  <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="${COLOURS.background}"/>
  <circle cx="1080" cy="150" r="220" fill="${COLOURS.accent}"/>
  <rect width="${OG_WIDTH}" height="24" fill="${COLOURS.primary}"/>
  <rect y="${OG_HEIGHT - 16}" width="${OG_WIDTH}" height="16" fill="${COLOURS.green}"/>
  <text x="80" y="120" font-family="${FONT}" font-size="40" font-weight="bold" fill="${COLOURS.primary}">${escapeXml(fit(siteName, 44))}</text>
  <text x="80" y="340" font-family="${FONT}" font-size="${titleSize(t)}" font-weight="bold" fill="${COLOURS.foreground}">${escapeXml(t)}</text>
  <text x="80" y="420" font-family="${FONT}" font-size="36" fill="${COLOURS.muted}">${escapeXml(fit(subtitle, 56))}</text>
  <rect x="80" y="480" width="160" height="10" rx="5" fill="${COLOURS.primary}"/>
</svg>`;
}

/** The business card's background: site name on top, a white panel in the middle for the logo, the name below. */
function logoCardSvg(siteName: string, name: string): string {
  const n = fit(name, 40);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
  <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="${COLOURS.background}"/>
  <rect width="${OG_WIDTH}" height="24" fill="${COLOURS.primary}"/>
  <rect y="${OG_HEIGHT - 16}" width="${OG_WIDTH}" height="16" fill="${COLOURS.green}"/>
  <text x="600" y="90" text-anchor="middle" font-family="${FONT}" font-size="36" font-weight="bold" fill="${COLOURS.primary}">${escapeXml(fit(siteName, 48))}</text>
  <rect x="340" y="120" width="520" height="340" rx="24" fill="${COLOURS.card}" stroke="${COLOURS.accent}" stroke-width="4"/>
  <text x="600" y="540" text-anchor="middle" font-family="${FONT}" font-size="${[...n].length <= 28 ? 48 : 38}" font-weight="bold" fill="${COLOURS.foreground}">${escapeXml(n)}</text>
</svg>`;
}

/** Logo area inside the white panel. */
const LOGO_BOX = { left: 370, top: 150, width: 460, height: 280 };

/**
 * Encodes 1200×630 raw pixels as JPEG at the highest quality of QUALITIES that stays within MAX_JPEG_BYTES; a
 * source that is still too large at the lowest (pure noise) is softened once and encoded at the lowest quality.
 */
async function encodeWithinBudget(pixels: Sharp): Promise<Buffer> {
  const { data, info } = await pixels.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const encode = (quality: number, blur = false) => {
    const img = sharp(data, raw);
    return (blur ? img.blur(1.2) : img).jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' }).toBuffer();
  };
  for (const q of QUALITIES) {
    const out = await encode(q);
    if (out.length <= MAX_JPEG_BYTES) return out;
  }
  const lowest = QUALITIES[QUALITIES.length - 1] ?? 40;
  const softened = await encode(lowest, true);
  if (softened.length <= MAX_JPEG_BYTES) return softened;
  throw new Error('preview image: could not encode within the size budget');
}

/** A branded card (category or site) as JPEG. */
export async function renderCard(text: CardText): Promise<Buffer> {
  return encodeWithinBudget(sharp(Buffer.from(cardSvg(text))).flatten({ background: COLOURS.background }));
}

/**
 * A photo (a listing's first image) covering 1200×630: auto-rotated, centre-cropped, enlarged when smaller. Throws
 * when the source is not an image sharp reads, or has more than `maxPixels` pixels (checked from its header).
 */
export async function renderPhoto(source: Buffer, maxPixels: number): Promise<Buffer> {
  const img = sharp(source, sourceOptions(maxPixels)).rotate().resize(OG_WIDTH, OG_HEIGHT, { fit: 'cover', position: 'centre' }).flatten({ background: '#ffffff' });
  return encodeWithinBudget(img);
}

/** A logo (a business's) centred on the branded business card, with the business's name below. */
export async function renderLogoCard(logo: Buffer, opts: { siteName: string; name: string; maxPixels: number }): Promise<Buffer> {
  const fitted = await sharp(logo, sourceOptions(opts.maxPixels))
    .rotate()
    .resize(LOGO_BOX.width, LOGO_BOX.height, { fit: 'inside' })
    .flatten({ background: COLOURS.card })
    .png()
    .toBuffer({ resolveWithObject: true });
  const left = LOGO_BOX.left + Math.floor((LOGO_BOX.width - fitted.info.width) / 2);
  const top = LOGO_BOX.top + Math.floor((LOGO_BOX.height - fitted.info.height) / 2);
  const card = sharp(Buffer.from(logoCardSvg(opts.siteName, opts.name)))
    .flatten({ background: COLOURS.background })
    .composite([{ input: fitted.data, left, top }]);
  return encodeWithinBudget(card);
}
