/** What services and tests need to reach the infrastructure: the same variables production sets. */
export interface InfraEnv {
  MONGO_URL: string;
  NATS_URL: string;
  S3_ENDPOINT: string;
  S3_PORT: string;
  S3_USE_SSL: string;
  S3_ACCESS_KEY: string;
  S3_SECRET_KEY: string;
  S3_REGION: string;
  S3_BUCKET_UPLOADS: string;
  SMTP_HOST: string;
  SMTP_PORT: string;
  /** Web page listing caught mail (people). */
  MAIL_UI_URL: string;
  /** JSON API of the mail catcher (tests). */
  MAIL_API_URL: string;
  [key: string]: string;
}

export interface Infra {
  env: InfraEnv;
  /** Where this profile keeps data and logs. */
  dataDir: string;
  stop(): Promise<void>;
  /**
   * Starts a further NATS server with JetStream for one fault test, so stopping it disturbs no other test; `stop()` of
   * the whole infrastructure ends it too.
   */
  faultNats(): Promise<FaultNats>;
}

/** A NATS server of one fault test's own. */
export interface FaultNats {
  url: string;
  /** Stops it as in an outage, keeping its JetStream store. */
  stop(): Promise<void>;
  /** Starts it again at the same URL with the same store. */
  start(): Promise<void>;
  /** Ends it for good. */
  close(): Promise<void>;
}

export interface StartInfraOptions {
  /** Profile: 'dev' (default ports), 'test' (+10000 or CP_TEST_PORT_BASE, always fresh), or any name with an explicit portBase. */
  name: string;
  /** Offset added to the default ports. */
  portBase?: number;
  /** Wipe the profile's data first. */
  fresh?: boolean;
  log?: (line: string) => void;
}

export const REGION = 'us-east-1';
export const UPLOADS_BUCKET = 'uploads';

/** Default ports; a profile adds its offset to each. */
export const DEFAULT_PORTS = {
  mongo: 27017,
  nats: 4222,
  natsMonitor: 8222,
  s3: 9000,
  swiftObject: 6200,
  swiftContainer: 6201,
  swiftAccount: 6202,
  memcached: 11211,
  smtp: 1025,
  mail: 1080,
} as const;

export function profileOffset(name: string, portBase?: number): number {
  if (portBase !== undefined) return portBase;
  if (name === 'dev') return 0;
  // CP_TEST_PORT_BASE lets two test runs share one machine (e.g. two working trees): each gets its own ports.
  if (name === 'test') return process.env.CP_TEST_PORT_BASE ? Number(process.env.CP_TEST_PORT_BASE) : 10_000;
  throw new Error(`profile "${name}" needs an explicit portBase`);
}
