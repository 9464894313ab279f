# One image recipe for every Node service; the service is chosen with the SERVICE build argument, e.g.
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=identity -t cp/identity .
# Build context: the repository root. Workspace packages are shared source, run directly by Node 24 (type stripping).
# Only the service's own production dependencies are installed (npm ci --omit=dev -w services/<name>: its
# dependencies and those of the workspace packages it uses), so no web toolchain (webpack, React) is in the image;
# infra/test/compose.test.ts checks that closure against package-lock.json and every import of the service.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6

FROM ${NODE_IMAGE} AS deps
ARG SERVICE
WORKDIR /app
COPY . .
RUN test -n "${SERVICE}" && test -f "services/${SERVICE}/package.json" \
  && npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w "services/${SERVICE}"
# Every service's manifest (issue 35): the gateway's and the renderer's route tables are read from them at start.
RUN mkdir -p /manifests && for f in services/*/service.json; do mkdir -p "/manifests/$(dirname "$f")" && cp "$f" "/manifests/$f"; done

FROM ${NODE_IMAGE}
ARG SERVICE
ENV NODE_ENV=production SERVICE=${SERVICE}
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/package.json ./package.json
COPY --from=deps /app/packages ./packages
COPY --from=deps /manifests/services ./services
COPY --from=deps /app/services/${SERVICE} ./services/${SERVICE}
USER node
# Ready (MongoDB and NATS answer), not only alive: compose starts what depends on a service once it is ready.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Tracing's preload first (the kit's TELEMETRY_IMPORT: nothing unless OTEL_* configure an exporter), then the service.
CMD ["sh", "-c", "exec node --import @cp/service-kit/telemetry services/${SERVICE}/src/main.ts"]
