import { runStandalone } from '@cp/web-core/standalone';
import { routes } from './exposes/routes.ts';
import { widgets } from './exposes/widgets.ts';
import './standalone.css';

/** mf-messages alone (`npm run dev -w mf-messages`): its pages at their paths, the shell's providers. */
runStandalone({ routes, widgets, links: ['/messages'] });
