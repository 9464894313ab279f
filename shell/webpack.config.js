// The shell (Module Federation host). Remotes are not listed here: the shell reads /mf/registry.json at run time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createWebConfig } from '@cp/web-core/build';

const dir = import.meta.dirname;
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
// The gateway accepts state-changing calls only from its own origin; the dev server speaks for the page.
const gatewayOrigin = process.env.PUBLIC_URL ?? 'http://localhost:8080';
const devRegistry = JSON.parse(readFileSync(path.join(dir, 'dev/registry.json'), 'utf8'));

export default createWebConfig({
  appDir: dir,
  kind: 'host',
  name: 'shell',
  publicPath: '/',
  devPort: Number(process.env.SHELL_PORT ?? 3000),
  runtimePlugins: [path.join(dir, 'src/mf/runtime-plugin.ts')],
  htmlTemplate: path.join(dir, 'public/index.html'),
  devServer: {
    // GET /mf/registry.json → dev/registry.json (the gateway serves it from configuration in production).
    static: [{ directory: path.join(dir, 'dev'), publicPath: '/mf', watch: true }],
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
      ...devRegistry.remotes
        .filter((remote) => remote.devServer)
        .map((remote) => ({ context: [path.posix.dirname(remote.entry)], target: remote.devServer })),
    ],
  },
});
