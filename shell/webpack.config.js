// The shell (Module Federation host). Remotes are not listed here: the shell reads /mf/registry.json at run time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MF_REGISTRY_PATH } from '@cp/contracts/mf-metadata';
import { createWebConfig, devRemotes } from '@cp/web-core/build';

const dir = import.meta.dirname;
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
// The gateway accepts state-changing calls only from its own origin; the dev server speaks for the page.
const gatewayOrigin = process.env.PUBLIC_URL ?? 'http://localhost:8080';
const root = path.dirname(dir);

/**
 * The development registry: every remote found by its remote.json (devRemotes), with its metadata read from its source
 * (src/exposes/metadata.json), as the gateway serves it from the remotes' registrations. Read at every request, so a
 * remote added while the dev server runs joins at the next page load.
 */
function devRegistryDocument() {
  return {
    remotes: devRemotes(root).map(({ name, entry, metadata }) => {
      try {
        const { routes, slots, pageSlots, postAdPanel } = JSON.parse(readFileSync(metadata, 'utf8'));
        return { name, entry, routes, slots, ...(pageSlots?.length ? { pageSlots } : {}), ...(postAdPanel ? { postAdPanel: true } : {}) };
      } catch {
        return { name, entry, routes: [], slots: [], metadataUnavailable: true };
      }
    }),
  };
}

export default createWebConfig({
  appDir: dir,
  kind: 'host',
  name: 'shell',
  publicPath: '/',
  devPort: Number(process.env.SHELL_PORT ?? 3000),
  runtimePlugins: [path.join(dir, 'src/mf/runtime-plugin.ts'), path.join(dir, 'src/mf/yield-plugin.ts')],
  // The server bundle the renderer loads (issue 20); a remote that fails there shows its fallback too.
  serverEntry: './src/server.tsx',
  serverRuntimePlugins: [path.join(dir, 'src/mf/runtime-plugin.ts')],
  htmlTemplate: path.join(dir, 'public/index.html'),
  devServer: {
    // GET /mf/registry.json → every remote's manifest and metadata (the gateway serves it from the registry in production).
    setupMiddlewares: (middlewares) => [
      {
        name: 'dev-registry',
        path: MF_REGISTRY_PATH,
        middleware: (_req, res) => {
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(JSON.stringify(devRegistryDocument()));
        },
      },
      ...middlewares,
    ],
    proxy: [
      {
        context: ['/api', '/uploads'],
        target: gateway,
        changeOrigin: true,
        onProxyReq: (proxyReq) => {
          if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', gatewayOrigin);
        },
      },
      // Each remote's dev server, under the same path as behind the gateway.
      ...devRemotes(root).map((remote) => ({ context: [path.posix.dirname(remote.entry)], target: remote.devServer })),
    ],
  },
});
