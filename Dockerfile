# syntax=docker/dockerfile:1
# The production image: the web app built once in the build stage, production dependencies only,
# a non-root user. `npm run build:release` is the one build step, the same one CI runs (and
# tests/e2e/release.e2e.test.ts starts), so the tree copied below is the tree that was tested.
# See docs/operations.md, "Production with containers".

FROM node:24-bookworm-slim AS build
WORKDIR /src
# Dependencies first, so a change of the sources alone reuses this layer. `npm install`, not
# `npm ci`: npm 11 leaves other platforms' optional binaries out of the lock file (see .ci/run).
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
COPY packages/api/package.json packages/api/
COPY packages/ui/package.json packages/ui/
COPY packages/features/package.json packages/features/
COPY packages/server/package.json packages/server/
RUN npm install --no-audit --no-fund
COPY . .
# Builds the web app into dist/, then assembles release/ and installs its production
# dependencies (the postgres.js patch applied by patch-package, a production dependency).
RUN npm run build:release

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321
WORKDIR /app
# Owned by root and only read by the app: the process cannot rewrite its own code.
COPY --from=build /src/release/ ./
# The official image's unprivileged user (uid 1000).
USER node
EXPOSE 4321
# Liveness: the process answers, without asking the database (readiness, GET /be/api/health/,
# is the balancer's check: a database outage must not make the engine restart every replica).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4321)+'/be/api/health/live/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself, not `npm start`: SIGTERM then reaches the app, which fails readiness, drains and
# exits (compose.yaml adds `init: true` so a tiny init is PID 1 and reaps any orphan).
CMD ["node", "scripts/start.ts"]
