import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { HttpError } from '@cp/service-kit';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_LISTING } from '@cp/contracts';
import { detectImageType, MAGIC_BYTES_NEEDED } from './detect.ts';
import { unsupportedImage } from './pipeline.ts';

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface MultipartLimits {
  maxFiles?: number;
  maxFileBytes?: number;
}

export const TOO_MANY_FILES = `Limit Reached: You can upload a maximum of ${MAX_IMAGES_PER_LISTING} images per listing`;
export const FILE_TOO_LARGE = 'Each image must be at most 10MB';
const malformed = () => new HttpError(400, 'Malformed multipart body', { code: 'malformed_multipart' });

/**
 * Reads the image files of a multipart request into memory, within the limits (each file at most 10 MB, at most
 * 10 files; a few small text fields are tolerated and ignored). Each file's type is checked from its first bytes as
 * they arrive. On any violation the rest of the request is still read and discarded before the error is thrown, so
 * the client (and the gateway in front) always receives the answer instead of a reset connection.
 */
export function readImageFiles(req: IncomingMessage, limits: MultipartLimits = {}): Promise<UploadedFile[]> {
  const maxFiles = limits.maxFiles ?? MAX_IMAGES_PER_LISTING;
  const maxFileBytes = limits.maxFileBytes ?? MAX_IMAGE_BYTES;
  return new Promise<UploadedFile[]>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { files: maxFiles, fileSize: maxFileBytes, fields: 20, fieldSize: 1024, parts: maxFiles + 20, headerPairs: 50 },
      });
    } catch {
      reject(new HttpError(400, 'Expected a multipart/form-data request with image files', { code: 'not_multipart' }));
      return;
    }
    const files: UploadedFile[] = [];
    let failure: HttpError | undefined;
    const fail = (err: HttpError) => {
      // The first problem wins; keep reading so the answer reaches the client.
      failure ??= err;
    };

    bb.on('file', (field, stream, info) => {
      if (failure) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let checked = false;
      // A body that ends inside a file part ("Unexpected end of form") errors the file's stream as well as the
      // parser: without this listener that error would be thrown out of the request.
      stream.on('error', () => {
        fail(malformed());
        chunks.length = 0;
      });
      stream.on('data', (chunk: Buffer) => {
        if (failure) return;
        chunks.push(chunk);
        size += chunk.length;
        if (!checked && size >= MAGIC_BYTES_NEEDED) {
          checked = true;
          if (!detectImageType(Buffer.concat(chunks).subarray(0, MAGIC_BYTES_NEEDED))) {
            fail(unsupportedImage());
            chunks.length = 0;
          }
        }
      });
      stream.on('limit', () => {
        fail(new HttpError(413, FILE_TOO_LARGE, { code: 'file_too_large' }));
        chunks.length = 0;
      });
      stream.on('end', () => {
        if (failure) return;
        const data = Buffer.concat(chunks);
        if (size === 0) return; // an empty file input: nothing chosen
        if (!checked && !detectImageType(data)) {
          fail(unsupportedImage());
          return;
        }
        files.push({ field, filename: info.filename ?? '', data });
      });
    });
    bb.on('filesLimit', () => fail(new HttpError(413, TOO_MANY_FILES, { code: 'too_many_files' })));
    bb.on('partsLimit', () => fail(new HttpError(413, TOO_MANY_FILES, { code: 'too_many_parts' })));
    bb.on('fieldsLimit', () => fail(new HttpError(400, 'Too many form fields', { code: 'too_many_fields' })));
    bb.on('error', () => {
      fail(malformed());
      req.unpipe(bb);
      req.resume(); // discard the rest
      req.once('end', () => reject(failure));
      if (req.readableEnded) reject(failure);
    });
    bb.on('close', () => {
      if (failure) reject(failure);
      else if (files.length === 0) reject(new HttpError(400, 'No image file was uploaded', { code: 'no_file' }));
      else resolve(files);
    });
    req.on('close', () => {
      if (!req.complete) reject(new HttpError(400, 'Upload aborted', { code: 'aborted' }));
    });
    req.pipe(bb);
  });
}
