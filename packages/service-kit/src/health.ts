import Router from '@koa/router';

export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** /healthz: the process is alive. /readyz: every dependency answers (503 with the failing ones otherwise). */
export function healthRoutes(checks: ReadinessCheck[]): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const results = await Promise.all(
      checks.map(async (c) => {
        try {
          await withTimeout(c.check(), CHECK_TIMEOUT_MS);
          return { name: c.name, ok: true as const };
        } catch (err) {
          return { name: c.name, ok: false as const, error: err instanceof Error ? err.message : String(err) };
        }
      }),
    );
    const ok = results.every((r) => r.ok);
    ctx.status = ok ? 200 : 503;
    ctx.body = { status: ok ? 'ready' : 'not ready', checks: results, ...(ok ? {} : { error: 'Service not ready' }) };
  });
  return router;
}
