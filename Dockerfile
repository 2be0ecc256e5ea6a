# One image for api, worker and the one-shot migration; the command picks the role.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY tools/ponctl/package.json tools/ponctl/package.json
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
# fping: the worker's prober pings the IP monitor's servers and the POPs' power sources every second.
RUN apt-get update && apt-get install -y --no-install-recommends fping && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY tools/ponctl/package.json tools/ponctl/package.json
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
CMD ["node", "dist/server/apps/api/src/main.js"]
