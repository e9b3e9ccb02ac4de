# The backend: REST/JSON:API over PostgreSQL (DATABASE_URL), run as compiled JavaScript (scripts/build.mjs).
# Build context: the repository root.

# Build stage: every dependency, then esbuild bundles backend/src/server.ts and the create-admin command.
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY tests/package.json tests/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY scripts scripts
COPY shared shared
COPY backend backend
RUN node scripts/build.mjs backend

# Runtime stage: the backend workspace's production dependencies (sharp, argon2, pg, … from node_modules), the
# built files and the migrations they apply on start; no TypeScript, no sources, no dev tools.
FROM node:20.20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY tests/package.json tests/
RUN npm ci --omit=dev --workspace backend --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY backend/drizzle backend/drizzle
COPY --from=build /app/backend/dist backend/dist
# DATA_DIR (./data): uploaded files when S3_BUCKET is not set.
RUN mkdir -p data && chown node:node data
ENV HOST=0.0.0.0 BACKEND_PORT=4001
EXPOSE 4001
USER node
# The first administrator of an empty database: docker compose exec backend node backend/dist/create-admin.js
CMD ["node", "--enable-source-maps", "backend/dist/server.js"]
