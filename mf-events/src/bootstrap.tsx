import { runStandalone } from '@cp/web-core/standalone';
import { routes } from './exposes/routes.ts';
import { widgets } from './exposes/widgets.ts';
import './standalone.css';

/** mf-events alone (`npm run dev -w mf-events`): /events and the home section, the shell's providers. */
runStandalone({ routes, widgets, links: ['/events'] });
