# One image recipe for every Node service; the service is chosen with the SERVICE build argument, e.g.
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=identity -t cp/identity .
# Build context: the repository root (workspace packages are shared source, run directly by Node 24).
FROM node:24-slim AS deps
WORKDIR /app
COPY . .
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund || npm install --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:24-slim
ARG SERVICE
ENV NODE_ENV=production SERVICE=${SERVICE}
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/package.json ./package.json
COPY --from=deps /app/packages ./packages
COPY --from=deps /app/services/${SERVICE} ./services/${SERVICE}
USER node
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "exec node services/${SERVICE}/src/main.ts"]
