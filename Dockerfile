# A production image of the tool server: compiled JavaScript, production dependencies only, a non-root
# user, and a health check on /health/live. CI runs these same steps as plain commands (scripts/docker-smoke/)
# because no container engine runs there; keep every step a RUN, COPY, ENV, WORKDIR, USER, EXPOSE,
# HEALTHCHECK or CMD that script understands.
ARG NODE_VERSION=22

# 1. Compile TypeScript (needs the dev dependencies).
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies alone.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts

# 3. The image: what runs, nothing else. Set CUSTOMER_API_URL, ALLOWED_HOSTS and HUB_SECRETS (production
#    requires them: see docs/deploy.md, "Production settings") and your other settings when you run it.
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
USER node
EXPOSE 3000
# Liveness, not /health: ECS, Swarm and other platforms replace a container whose check fails, and a
# restart does not bring your API or Redis back (docs/deploy.md, "Probes"). The start period covers the
# start's wait for an unreachable Redis (5 s). node, not curl: the slim image has no curl. The probe needs no
# caller secret, but its Host is checked (ALLOWED_HOSTS), so it sends the first allowed name.
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 CMD ["node", "-e", "const host = (process.env.ALLOWED_HOSTS || 'localhost').split(',')[0].trim().replace('*', 'localhost'); require('node:http').get({ host: '127.0.0.1', port: process.env.PORT || 3000, path: '/health/live', headers: { host }, timeout: 4000 }, (r) => process.exit(r.statusCode === 200 ? 0 : 1)).on('error', () => process.exit(1))"]
CMD ["node", "dist/src/index.js"]
