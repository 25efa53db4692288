# One image for the three apps; the compose file picks the entry point. Node 22 LTS is the shipped
# target (the uWebSockets.js build declares node >= 22); npm 11 as on the development machines.
FROM node:22-bookworm-slim AS build
RUN npm install -g npm@11 --no-audit --no-fund
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.base.json lerna.json ./
COPY libs libs
COPY apps apps
COPY launcher launcher
COPY examples examples
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev
# Specs, test support (libs/testing and every test-support/ folder), the benches, the generated
# client and the examples are built with the rest, since specs import them, but are not shipped; libs/testing/src/image-contents.spec.ts
# checks that nothing the apps run imports them.
# uws-pack ships a binary for every platform and Node ABI (133 MB): keep the one this image's Node
# loads (build and runtime stages share the base image, so platform, arch and ABI match).
RUN keep="uws_$(node -p 'process.platform + "_" + process.arch + "_" + process.versions.modules').node" \
 && test -f "node_modules/uWebSockets.js/dist/bin/$keep" \
 && find node_modules/uWebSockets.js/dist/bin -name 'uws_*.node' ! -name "$keep" -delete
# The web console ships as its built files (apps/web/dist/public), served by the API.
RUN rm -rf libs/testing node_modules/@wfm/testing libs/api-client node_modules/@wfm/api-client examples node_modules/@wfm/examples \
    apps/web/src apps/web/test apps/web/dist/test \
 && find libs apps launcher -name node_modules -prune -o -type d \( -name test-support -o -name bench \) -prune -exec rm -rf {} + \
 && find libs apps launcher -name node_modules -prune -o -type f -name '*.spec.*' -exec rm -f {} +

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
# The daemon's audit spool volume is mounted here; it must be writable by the unprivileged user.
RUN mkdir -p /spool && chown node:node /spool
USER node
CMD ["node", "apps/api/dist/main.js"]
