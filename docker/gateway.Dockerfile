# The gateway: GraphQL over the backend (BACKEND_URL), serving the web build and the playground on one origin,
# run as compiled JavaScript (scripts/build.mjs). Build context: the repository root.

# Build stage: every dependency, codegen, the web app, the playground and the gateway's bundle (npm run build).
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json codegen.ts ./
COPY schema schema
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY tests/package.json tests/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run codegen && npm run build -w web && npm run build:playground -w gateway && node scripts/build.mjs gateway

# Runtime stage: the gateway workspace's production dependencies, its bundle, the GraphQL SDL it reads (schema/),
# the built web app and playground. No backend: without its migrations (backend/drizzle) the bundle's embedded
# backend cannot start, and the gateway says to set BACKEND_URL.
FROM node:20.20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY tests/package.json tests/
RUN npm ci --omit=dev --workspace gateway --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY schema schema
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/gateway/playground-dist gateway/playground-dist
COPY --from=build /app/web/dist web/dist
ENV HOST=0.0.0.0 PORT=4000
EXPOSE 4000
USER node
# The gateway's Node options, as scripts/build.mjs gatewayNodeOptions gives them to npm start and the bench.
CMD ["node", "--max-semi-space-size=32", "--enable-source-maps", "gateway/dist/server.js"]
