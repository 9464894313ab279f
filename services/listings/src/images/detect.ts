/** The image types accepted for upload, decided by their first bytes (never by file name or Content-Type). */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';

/** Bytes needed to decide. */
export const MAGIC_BYTES_NEEDED = 12;

const startsWith = (buf: Uint8Array, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** JPEG (FF D8 FF), PNG (8-byte signature), GIF (GIF87a / GIF89a), WebP (RIFF....WEBP). Anything else (SVG, text...) → null. */
export function detectImageType(head: Uint8Array): ImageType | null {
  if (head.length >= 3 && startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (head.length >= 8 && startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (head.length >= 6 && (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a')))) return 'gif';
  if (head.length >= 12 && startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  return null;
}
