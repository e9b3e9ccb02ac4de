# The gateway: GraphQL over the backend (BACKEND_URL), serving the web build and the playground on one origin.
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
RUN npm run codegen && npm run build -w web && npm run build:playground -w gateway

FROM node:20.20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
ENV HOST=0.0.0.0 PORT=4000
EXPOSE 4000
USER node
CMD ["node", "node_modules/tsx/dist/cli.mjs", "gateway/src/server.ts"]
