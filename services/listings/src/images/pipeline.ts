import sharp, { type Metadata } from 'sharp';
import { HttpError } from '@cp/service-kit';
import { detectImageType, type ImageType } from './detect.ts';

export interface ImagePipelineOptions {
  /** Largest decoded image accepted (width × height), checked from the header before decoding. */
  maxPixels: number;
  /** Longest side of the display image. */
  displaySize?: number;
  /** Longest side of the thumbnail. */
  thumbSize?: number;
}

export interface ProcessedImage {
  source: ImageType;
  display: { data: Buffer; width: number; height: number };
  thumbnail: { data: Buffer; width: number; height: number };
}

export const DISPLAY_SIZE = 1600;
export const THUMB_SIZE = 480;

export const unsupportedImage = () => new HttpError(415, 'Only JPEG, PNG, WebP and GIF images are accepted', { code: 'unsupported_image_type' });

/**
 * The one image pipeline (uploads and demo data): the type is decided by magic bytes; the header is read with a
 * pixel limit (decompression bombs are refused before any pixel is decoded); the image is auto-rotated from its
 * EXIF orientation and re-encoded as WebP in a display size and a thumbnail. Re-encoding without `withMetadata`
 * drops every metadata block: EXIF (GPS, camera, owner), XMP, IPTC, comments.
 */
export async function processImage(input: Buffer, opts: ImagePipelineOptions): Promise<ProcessedImage> {
  const source = detectImageType(input.subarray(0, 16));
  if (!source) throw unsupportedImage();
  const sharpOpts = { limitInputPixels: opts.maxPixels, failOn: 'error' as const, animated: false };
  let meta: Metadata;
  try {
    meta = await sharp(input, sharpOpts).metadata();
  } catch (err) {
    throw readError(err);
  }
  if (!meta.width || !meta.height) throw new HttpError(400, 'Could not read the image', { code: 'invalid_image' });
  if (meta.width * meta.height > opts.maxPixels) throw tooManyPixels();
  // Both renditions from the same auto-oriented input, rendered in parallel.
  const oriented = sharp(input, sharpOpts).rotate(); // EXIF orientation applied before the metadata is dropped
  const render = async (size: number, quality: number) => {
    const { data, info } = await oriented
      .clone()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  let display: ProcessedImage['display'];
  let thumbnail: ProcessedImage['thumbnail'];
  try {
    [display, thumbnail] = await Promise.all([render(opts.displaySize ?? DISPLAY_SIZE, 82), render(opts.thumbSize ?? THUMB_SIZE, 75)]);
  } catch (err) {
    throw readError(err);
  }
  return { source, display, thumbnail };
}

const tooManyPixels = () => new HttpError(413, 'Image dimensions are too large', { code: 'image_too_many_pixels' });

function readError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (/pixel limit/i.test(String(err))) return tooManyPixels();
  return new HttpError(400, 'Could not read the image: the file is damaged or not a complete image', { code: 'invalid_image' });
}
