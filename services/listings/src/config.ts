import { z } from 'zod';
import { BaseServiceEnv, DemoDataEnv, JwtVerifyEnv, loadWithPublicKey, manifestPort, noDemoDataInProduction, port, PostingLimitsEnv, requirePublicKey, S3Env, SignedLinksEnv } from '@cp/service-kit';
import { LISTING_TTL_DAYS_DEFAULT } from '@cp/contracts';

export const ListingsEnv = noDemoDataInProduction(
  requirePublicKey(
    BaseServiceEnv.extend({
      ...S3Env.shape,
      ...JwtVerifyEnv.shape,
      /** Signs the links that act without a login (issue 22: renew, stop reminders, stop an alert). Required, no default. */
      ...SignedLinksEnv.shape,
      PORT: port(manifestPort(import.meta.url)),
      MONGO_DB: z.string().default('listings'),
      /** The bucket that holds uploaded images (created at start if missing). */
      S3_BUCKET_UPLOADS: z.string().min(3).max(63).default('uploads'),
      /** Largest decoded image accepted, in pixels (decompression bombs are refused before decoding). */
      IMAGE_MAX_PIXELS: z.coerce.number().int().min(1_000_000).max(268_402_689).default(50_000_000),
      /** Uploads processed at once (each holds up to 100 MB and runs sharp); more wait, up to 100, then 503. */
      UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
      /** Minutes between sweeps for abandoned uploads (images no listing uses, older than ABANDONED_IMAGE_AGE_H); 0: off. */
      ABANDONED_IMAGE_SWEEP_MIN: z.coerce.number().int().min(0).max(1440).default(60),
      /** Hours an unused upload is kept (a form being filled in): far longer than anyone keeps a form open. */
      ABANDONED_IMAGE_AGE_H: z.coerce.number().int().min(1).max(720).default(24),
      /** Overrides of the posting limits (issue 21 §5; JSON, e.g. {"listing":{"limit":5}}): POSTING_LIMIT_DEFAULTS otherwise. */
      ...PostingLimitsEnv.shape,
      /** Days a listing is shown from its creation or renewal. */
      LISTING_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(LISTING_TTL_DAYS_DEFAULT),
      /** Seconds between runs of the lifecycle job (expire, retire done listings, remind owners); 0 turns it off. */
      LISTING_LIFECYCLE_EVERY_S: z.coerce.number().int().min(0).max(86_400).default(60),
      /** Insert the demo listings when the collection is empty. */
      ...DemoDataEnv.shape,
    }),
  ),
  'demo listings',
);

export type ListingsConfig = z.infer<typeof ListingsEnv> & { publicKey: string };

export function loadListingsConfig(env: NodeJS.ProcessEnv = process.env): ListingsConfig {
  return loadWithPublicKey(ListingsEnv, env);
}
