import { z } from 'zod';

/**
 * Browsers run zod jitless; servers keep its JIT.
 *
 * zod compiles an object schema's parser with `new Function`, and the first object schema it builds checks whether
 * that works. The site's Content-Security-Policy allows no eval (`script-src` without 'unsafe-eval'), so in a browser
 * the check is a CSP violation and a console error on every page that builds a schema — caught by zod, but reported.
 * Jitless, zod neither checks nor compiles: the same results, parsed without generated code.
 *
 * Every module of this package that builds schemas imports this one first, so the setting is made before any schema of
 * the bundle's zod exists (whether zod is one copy on the page or one per app, and for a remote run alone): ES modules
 * run their imports in order. The web build keeps this import although the package is otherwise marked free of side
 * effects (packages/web-core/build/create-config.js), and a test checks that no schema module misses it.
 */
if ('window' in globalThis && 'document' in globalThis) z.config({ jitless: true });
