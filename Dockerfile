# One image for every LoRaWatch process. The default command is the standalone console (API, websocket, detectors
# and the built web app in one process on embedded SQLite engines, data in the /data volume); the scale-out
# services run the same image with another command:
#   node dist/apps/api/main.js | collector/main.js | detector/main.js | projector/main.js
#   node dist/apps/tools/simulate.js --url mqtt://HOST:1883 ...
# (see docker-compose.yml and deploy/README.md).

# better-sqlite3 and argon2 are native modules. argon2 ships prebuilt binaries for linux x64/arm64 (glibc and
# musl); better-sqlite3 downloads one from its GitHub releases. The compilers are only used when neither fits
# (another CPU, or no access to GitHub at build time), and they never reach the runtime image.
FROM node:20-bookworm-slim AS toolchain
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# An install script of a dependency reports installs to a third party unless told not to.
ENV SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
COPY web/package.json web/package.json

FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY . .
# Server (tsc + path aliases) into dist/, the React console into web/dist/.
RUN npm run build

# Production dependencies of the server only: the web workspace is static files once built.
FROM toolchain AS production-deps
RUN npm ci --omit=dev --workspaces=false --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production PORT=8080 OPS_PORT=9464 DATA_DIR=/data
COPY --from=production-deps /app/node_modules node_modules
COPY package.json ./
COPY --from=build /app/dist dist
COPY --from=build /app/web/dist web/dist
# The one-shot job of the compose stack and the Kubernetes manifests that registers the demo broker.
COPY deploy/scripts deploy/scripts
# The standalone keeps its SQLite files in DATA_DIR; the scale-out processes only need it to exist.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080 9464
# /health of whichever process runs: the API processes on PORT, the workers on OPS_PORT (HEALTH_PORT says which).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.HEALTH_PORT||process.env.PORT)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/apps/standalone/main.js"]
