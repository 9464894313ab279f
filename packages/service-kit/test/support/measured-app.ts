/**
 * A small service for the metrics tests: the kit's app with one route template (`GET /api/things/:id`), its requests
 * measured by a registry of its own (createMetrics, first of all middleware as startService puts it), listening on a
 * free loopback port.
 */
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { createApp, createMetrics, type Logger, type ServiceMetrics } from '../../src/index.ts';

export interface MeasuredApp {
  base: string;
  metrics: ServiceMetrics;
  close(): void;
}

export async function startMeasuredApp(name: string, logger: Logger): Promise<MeasuredApp> {
  const metrics = createMetrics(name);
  const app = createApp({ name, logger });
  const router = new Router();
  router.get('/api/things/:id', (ctx) => {
    ctx.body = { id: ctx.params.id };
  });
  app.use(router.routes());
  app.middleware.unshift(metrics.http);
  const http = app.listen(0, '127.0.0.1');
  await new Promise((r) => http.once('listening', r));
  return { base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, metrics, close: () => http.close() };
}
