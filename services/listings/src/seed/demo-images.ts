import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ListingCategory } from '@cp/contracts';

/** Deterministic pseudo-random numbers from a seed string (same picture for the same listing every time). */
function rng(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

const PALETTES: Record<ListingCategory, Array<[string, string]>> = {
  'Buy & Sell': [['#0f766e', '#5eead4'], ['#155e75', '#67e8f9']],
  'Real Estate': [['#1e3a8a', '#93c5fd'], ['#3730a3', '#a5b4fc']],
  'Home Rentals': [['#7c2d12', '#fdba74'], ['#9a3412', '#fed7aa']],
  Jobs: [['#334155', '#cbd5e1'], ['#1f2937', '#9ca3af']],
  Services: [['#14532d', '#86efac'], ['#365314', '#bef264']],
  Community: [['#701a75', '#f0abfc'], ['#831843', '#f9a8d4']],
  Events: [['#7f1d1d', '#fbbf24'], ['#9d174d', '#fcd34d']],
};

/** A simple motif per category, drawn in a 100×100 box centred at the origin. */
function motif(category: ListingCategory): string {
  switch (category) {
    case 'Real Estate':
    case 'Home Rentals':
      return '<polygon points="-50,-5 0,-48 50,-5" fill="#fff" opacity="0.95"/><rect x="-38" y="-5" width="76" height="50" fill="#fff" opacity="0.9"/><rect x="-10" y="15" width="20" height="30" fill="#000" opacity="0.25"/><rect x="-30" y="5" width="14" height="14" fill="#000" opacity="0.2"/><rect x="16" y="5" width="14" height="14" fill="#000" opacity="0.2"/>';
    case 'Jobs':
      return '<rect x="-45" y="-25" width="90" height="62" rx="8" fill="#fff" opacity="0.92"/><rect x="-15" y="-40" width="30" height="18" rx="4" fill="none" stroke="#fff" stroke-width="7"/><rect x="-45" y="0" width="90" height="6" fill="#000" opacity="0.15"/>';
    case 'Services':
      return '<circle cx="0" cy="0" r="30" fill="none" stroke="#fff" stroke-width="14"/><g fill="#fff">' +
        Array.from({ length: 8 }, (_, i) => `<rect x="-7" y="-50" width="14" height="18" rx="3" transform="rotate(${i * 45})"/>`).join('') + '</g>';
    case 'Buy & Sell':
      return '<path d="M-40,-20 L40,-20 L34,45 L-34,45 Z" fill="#fff" opacity="0.92"/><path d="M-18,-20 C-18,-50 18,-50 18,-20" fill="none" stroke="#fff" stroke-width="7"/>';
    case 'Community':
      return '<g fill="#fff" opacity="0.92"><circle cx="-30" cy="-18" r="14"/><circle cx="30" cy="-18" r="14"/><circle cx="0" cy="-26" r="17"/><path d="M-52,40 C-52,5 -8,5 -8,40 Z"/><path d="M8,40 C8,5 52,5 52,40 Z"/><path d="M-26,45 C-26,-2 26,-2 26,45 Z"/></g>';
    case 'Events':
      // a diya: lamp bowl and flame
      return '<path d="M-48,10 C-40,45 40,45 48,10 Z" fill="#fff" opacity="0.95"/><path d="M0,-50 C18,-25 12,-2 0,4 C-12,-2 -18,-25 0,-50 Z" fill="#fde047"/><path d="M0,-34 C8,-20 6,-8 0,-4 C-6,-8 -8,-20 0,-34 Z" fill="#f97316"/>';
  }
}

/**
 * A demo picture for a listing: a gradient background, soft circles and the category's motif, as SVG, rasterised by
 * sharp to PNG. The PNG then goes through the same pipeline as an upload.
 */
export async function demoImage(category: ListingCategory, seed: string): Promise<Buffer> {
  const random = rng(seed);
  const width = 1200;
  const height = category === 'Events' ? 900 : 675;
  const palette = PALETTES[category];
  const [from, to] = palette[Math.floor(random() * palette.length)]!;
  const circles = Array.from({ length: 7 }, () => {
    const r = 40 + random() * 160;
    return `<circle cx="${(random() * width).toFixed(0)}" cy="${(random() * height).toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" opacity="${(0.05 + random() * 0.12).toFixed(2)}"/>`;
  }).join('');
  const scale = (Math.min(width, height) / 100) * (0.35 + random() * 0.15);
  const cx = width * (0.35 + random() * 0.3);
  const cy = height * (0.4 + random() * 0.2);
  const angle = (random() * 160).toFixed(0);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${circles}
<g transform="translate(${cx.toFixed(0)} ${cy.toFixed(0)}) scale(${scale.toFixed(2)})">${motif(category)}</g>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
