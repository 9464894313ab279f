import Router from '@koa/router';

export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
  /**
   * false: a failure is reported (status 'degraded', the check with its error) but the instance stays ready (200).
   * For what every instance depends on alike, where taking this one out of rotation would help no request: the
   * gateway's view of the services behind it. Default true.
   */
  required?: boolean;
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

/**
 * /healthz: the process is alive. /readyz: every required dependency answers (503 with the failing ones otherwise);
 * a failing check that is not required makes the answer 'degraded', still 200. `details`: more of the instance's state
 * for operators (the gateway's registrations), added to /readyz's answer.
 */
export function healthRoutes(checks: ReadinessCheck[], details?: () => Record<string, unknown>): Router {
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
    const ready = results.every((r, i) => r.ok || checks[i]!.required === false);
    const status = !ready ? 'not ready' : results.every((r) => r.ok) ? 'ready' : 'degraded';
    ctx.status = ready ? 200 : 503;
    ctx.body = { status, checks: results, ...details?.(), ...(ready ? {} : { error: 'Service not ready' }) };
  });
  return router;
}
