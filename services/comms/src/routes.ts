import { createRouter } from '@cp/service-kit';
import type { CommsDeps } from './use-cases/deps.ts';
import { sendContactMessage } from './use-cases/send-contact-message.ts';
import { subscribeNewsletter } from './use-cases/subscribe-newsletter.ts';

/** The public calls of spec §7: POST /api/contact and POST /api/newsletter/subscribe. */
export function commsRoutes(deps: CommsDeps) {
  const router = createRouter();
  router.post('/api/contact', async (ctx) => {
    ctx.status = 201;
    ctx.body = await sendContactMessage(deps, ctx.request.body);
  });
  router.post('/api/newsletter/subscribe', async (ctx) => {
    ctx.status = 201;
    ctx.body = await subscribeNewsletter(deps, ctx.request.body);
  });
  return router;
}
