# The backend: REST/JSON:API over PostgreSQL (DATABASE_URL), run from TypeScript sources with tsx.
FROM node:20.20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json codegen.ts ./
COPY schema schema
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY tests/package.json tests/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY shared shared
COPY backend backend
ENV HOST=0.0.0.0 BACKEND_PORT=4001
EXPOSE 4001
USER node
CMD ["node", "node_modules/tsx/dist/cli.mjs", "backend/src/server.ts"]
