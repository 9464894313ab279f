# The web apps and what serves them, for machines with a Docker engine (docker compose). Build context: the repo root.
#   target gateway: the gateway with the shell's build (it serves the page and proxies each remote to its server)
#   target remote:  one microfrontend's own static server, e.g. --build-arg APP=mf-forum
# (npm ci can reject a lock file written on another platform for optional native packages; npm install then
#  installs the same locked versions, as scripts/setup.sh does.)
FROM node:24-slim AS build
WORKDIR /app
COPY . .
RUN (npm ci --no-audit --no-fund --ignore-scripts || npm install --no-audit --no-fund --ignore-scripts) && npm run build:web

FROM node:24-slim AS runtime-deps
WORKDIR /app
COPY . .
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund || npm install --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:24-slim AS server
ENV NODE_ENV=production
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=runtime-deps /app/package.json ./package.json
COPY --from=runtime-deps /app/packages ./packages
COPY --from=runtime-deps /app/services/gateway ./services/gateway

FROM server AS gateway
COPY --from=build /app/shell/dist ./web/shell
ENV WEB_ROOT=/app/web/shell
USER node
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "services/gateway/src/main.ts"]

FROM server AS remote
ARG APP
COPY --from=build /app/${APP}/dist ./web/app
ENV STATIC_DIR=/app/web/app
USER node
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/mf-manifest.json').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "services/gateway/src/static-main.ts"]
