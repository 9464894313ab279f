# The web apps and what serves them (docker compose, Kubernetes). Build context: the repository root.
#   target gateway: the gateway with the shell's build (it serves the page and proxies each remote to its server)
#   target remote:  one microfrontend's own static server, e.g. --build-arg APP=mf-forum (browser and server builds)
#   target renderer: the renderer service with the shell's server bundle (issue 20); the remotes' server containers
#                   it loads at run time from the gateway, as the browser loads theirs
# The build stage installs everything (webpack, React) to build the web; the images that run carry only the
# gateway workspace's production dependencies (npm ci --omit=dev -w services/gateway) and the built files.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY . .
RUN npm ci --ignore-scripts --no-audit --no-fund && npm run build:web

FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY . .
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w services/gateway

FROM ${NODE_IMAGE} AS server
ENV NODE_ENV=production
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=runtime-deps /app/package.json ./package.json
COPY --from=runtime-deps /app/packages ./packages
COPY --from=runtime-deps /app/services/gateway ./services/gateway

FROM server AS gateway
COPY --from=build /app/shell/dist ./web/shell
ENV WEB_ROOT=/app/web/shell
# /api/docs shows the API with Redoc's standalone bundle, served by the gateway (no CDN): a dev dependency, copied here.
COPY --from=build /app/node_modules/redoc/bundles/redoc.standalone.js ./web/api-docs/redoc.standalone.js
ENV API_DOCS_BUNDLE=/app/web/api-docs/redoc.standalone.js
USER node
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "@cp/service-kit/telemetry", "services/gateway/src/main.ts"]

FROM ${NODE_IMAGE} AS renderer-deps
WORKDIR /app
COPY . .
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w services/renderer

FROM ${NODE_IMAGE} AS renderer
ENV NODE_ENV=production
WORKDIR /app
COPY --from=renderer-deps /app/node_modules ./node_modules
COPY --from=renderer-deps /app/package.json ./package.json
COPY --from=renderer-deps /app/packages ./packages
COPY --from=renderer-deps /app/services/renderer ./services/renderer
# The shell's server bundle: React, the shell and the Module Federation runtime in one CommonJS file (and its chunks).
COPY --from=build /app/shell/dist/server ./web/shell-server
ENV SHELL_SERVER_BUNDLE=/app/web/shell-server/server.js
USER node
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "@cp/service-kit/telemetry", "services/renderer/src/main.ts"]

FROM server AS remote
ARG APP
COPY --from=build /app/${APP}/dist ./web/app
# Its manifest (issue 35): with NATS_URL the server registers the remote in the run-time registry.
COPY --from=build /app/${APP}/remote.json ./web/app/remote.json
ENV STATIC_DIR=/app/web/app
USER node
# /readyz answers once the build's mf-manifest.json is there (services/gateway/src/static-server.ts).
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "@cp/service-kit/telemetry", "services/gateway/src/static-main.ts"]
