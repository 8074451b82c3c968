# syntax=docker/dockerfile:1
# Pravesh's API server, compiled, on production dependencies only, as a non-root user.
#
#   docker build -t pravesh .
#   docker compose up        (compose.yaml: PostgreSQL, Redis, NATS, the migrate step, two instances, nginx)
#
# The project's machines have no container daemon, so no CI job builds this image. Instead every
# step below is a command that scripts/smoke-prod.sh runs, and CI runs that script (a phase of
# `npm test`): `npm ci` and `npm run build` (the build stage), `npm ci --omit=dev` on the package
# files alone (the deps stage), then `node apps/server/dist/migrate.js` and `node
# apps/server/dist/main.js` on those dependencies with PRAVESH_ENV=production (compose.yaml's
# migrate and api services), behind nginx on deploy/nginx/pravesh.conf.template. Change one and
# change the other with it.

ARG NODE_IMAGE=node:20-bookworm-slim

# The front ends, the SDK and the server compiled to JavaScript (apps/server/build.ts).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

# Production dependencies only: the package files are all npm ci needs (workspaces included).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/sdk/package.json packages/sdk/
COPY packages/widgets/package.json packages/widgets/
COPY packages/ui/package.json packages/ui/
COPY apps/server/package.json apps/server/
COPY apps/accounts/package.json apps/accounts/
COPY apps/hub/package.json apps/hub/
COPY apps/dashboard/package.json apps/dashboard/
COPY apps/demo/package.json apps/demo/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production PRAVESH_ENV=production HOST=0.0.0.0 PORT=4000 \
    PRAVESH_METRICS_HOST=0.0.0.0 PRAVESH_METRICS_PORT=9464
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
# The compiled server (with its migrations) and what it serves beside it (lib/locations.ts).
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/accounts/dist apps/accounts/dist
COPY --from=build /app/apps/dashboard/dist apps/dashboard/dist
COPY --from=build /app/apps/hub/dist apps/hub/dist
COPY --from=build /app/packages/sdk/dist packages/sdk/dist
# The image's own unprivileged user; nothing under /app is writable by it.
USER node
EXPOSE 4000 9464
# /healthz: the process answers (a wedged one is restarted). Balancers use /readyz instead.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (/readyz 503, PRAVESH_SHUTDOWN_DELAY_MS, in-flight requests finish): node is PID 1
# and handles it itself, so no init wrapper is needed.
CMD ["node", "apps/server/dist/main.js"]
