// mf-forum: a Module Federation remote, made like mf-listings (see shell/README.md, "Adding a remote").
import { createWebConfig } from '@cp/web-core/build';

const dir = import.meta.dirname;
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default createWebConfig({
  appDir: dir,
  // Its name (mf_<name>), public path (/mf/<name>/) and dev server port: its remote.json.
  kind: 'remote',
  exposes: {
    './routes': './src/exposes/routes.ts',
    './widgets': './src/exposes/widgets.ts',
  },
  // What it contributes (routes, home slots, Post Ad panel): the source of ./routes and ./widgets, published in
  // mf-manifest.json for the gateway's registry.
  metadata: './src/exposes/metadata.json',
  devServer: { proxy: [{ context: ['/api', '/uploads'], target: gateway, changeOrigin: true }] },
});
