import type { Logger, ObjectStore } from '@cp/service-kit';

/** A GET of another service's public endpoint, bounded in time (fetchWithTimeout). */
export type PreviewFetch = (url: string) => Promise<Response>;

/** What the preview images need; the renderer's app passes its config, logger and the previews' bucket. */
export interface PreviewImageDeps {
  config: {
    /** The site's public origin (absolute og:image URLs: previewImageUrl). */
    PUBLIC_URL: string;
    /** The listings service's replicas: its public GET /api/listings/:id and the stored images under /uploads/. */
    LISTINGS_URL: readonly string[];
    /** The directory's replicas: its public GET /api/businesses/:id. */
    DIRECTORY_URL: readonly string[];
    /** Drawn on every card; default 'Central PA Desi Community'. */
    SITE_NAME?: string;
  };
  logger: Logger;
  /** The cache of generated images (keys under og/). */
  store: ObjectStore;
  /** Default: fetchWithTimeout(FETCH_TIMEOUT_MS). */
  fetch?: PreviewFetch;
  /** Largest source image decoded (width × height), checked from its header; default MAX_INPUT_PIXELS. */
  maxInputPixels?: number;
  /** Renders running at once (sharp is CPU-bound); default 2. More waiting than RENDER_QUEUE → 503. */
  renderConcurrency?: number;
}

export const FETCH_TIMEOUT_MS = 3_000;
export const MAX_INPUT_PIXELS = 25_000_000;
/** A stored display image is a WebP of at most 1600 px a side: far below this. */
export const MAX_SOURCE_BYTES = 12 * 1024 * 1024;

/** GET with a deadline: the whole answer (headers and body) must arrive within `ms`. */
export function fetchWithTimeout(ms: number): PreviewFetch {
  return (url) => fetch(url, { signal: AbortSignal.timeout(ms), redirect: 'error', headers: { accept: '*/*' } });
}
