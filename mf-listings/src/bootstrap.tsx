import { runStandalone } from '@cp/web-core/standalone';
import { routes } from './exposes/routes.ts';
import { widgets } from './exposes/widgets.ts';
import './standalone.css';

/** mf-listings alone (`npm run dev -w mf-listings`): its widgets on /, its pages at their paths, the shell's providers. */
runStandalone({ routes, widgets, links: ['/listings', '/my-listings'] });
