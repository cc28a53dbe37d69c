# syntax=docker/dockerfile:1
# Seller Centre, production image. Build: docker build -t seller-centre .
# Runs `npm start` with NODE_ENV=production as the unprivileged `node` user; data (PGlite, or
# working files with a PostgreSQL server) under /data. See docs/operations.md, "Running at scale".

# ---- build: every dependency, the web app and the server bundle ----
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY . .
# `npm ci` runs the root `prepare` script: the web build (web/dist) and the server bundle (server/dist).
RUN npm ci --no-audit --no-fund \
  && test -f web/dist/index.html && test -f server/dist/server.mjs \
  && npm prune --omit=dev --no-audit --no-fund

# ---- run: the built tree with production dependencies only ----
FROM node:22-bookworm-slim
# pg_dump and pg_restore for `npm run db:backup` / `db:restore` against PostgreSQL 15 (compose.yaml).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# Liveness: the process answers and reaches its database (readiness is /api/health/ready).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm passes SIGTERM on to the server, which drains (SHUTDOWN_GRACE_SECONDS) before it exits.
CMD ["npm", "start"]
