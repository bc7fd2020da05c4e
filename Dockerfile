# syntax=docker/dockerfile:1
# The portal as one image: API (default command) and job worker (node apps/server/dist/worker.js).
# Build: docker build -t recargas-portal .   Run the stack: docker compose up -d (compose.yaml).

# The Node base; NODE_IMAGE names a stand-in where Docker Hub is out of reach (deploy/offline).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
# The workspace manifests alone, so the dependency layers are reused until a manifest changes.
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# Everything, development tools included: compile contracts and server (tsc) and the web (Vite).
FROM base AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY scripts scripts
COPY packages/contracts packages/contracts
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

# The server's production dependencies only (no TypeScript, no Vite, no React).
FROM base AS deps
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR (NODE_ENV=production refuses to start without DATABASE_URL, so it stays empty there; a
# staging container may override NODE_ENV and keep its embedded database in a volume).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# The API, or a worker when WORKER_PORT is set (its own listener), answers and so does its database:
# /ready gives up on a silent database in 3 s.
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.WORKER_PORT || process.env.PORT || 3000}/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1's only child of note: SIGTERM from `docker stop` reaches the server's handler.
CMD ["node", "apps/server/dist/main.js"]
