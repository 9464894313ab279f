import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs (pino). Level from LOG_LEVEL; tests default to 'silent' unless LOG_LEVEL is set. */
export function createLogger(service: string, level?: string): Logger {
  const resolved = level ?? process.env.LOG_LEVEL ?? (process.env.JEST_WORKER_ID ? 'silent' : 'info');
  return pino({
    name: service,
    level: resolved,
    base: { service },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'], censor: '[redacted]' },
  });
}
