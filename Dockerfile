# oyunbot: a static binary on distroless, run as a non-root user.
#
#   docker build -t oyunbot .
#   docker run --rm -e TELEGRAM_TOKEN=... -v oyunbot-data:/data oyunbot
#
# deploy/docker-compose.yml runs two bot processes on PostgreSQL behind a
# reverse proxy for Telegram's webhook (see README, "Several processes").

# The build runs on the builder's own platform and cross-compiles for the
# image's (docker buildx build --platform linux/amd64,linux/arm64; see
# deploy/release). VERSION is what `bot version` says (the tag).
FROM --platform=$BUILDPLATFORM golang:1.26 AS build
ARG TARGETOS=linux TARGETARCH=amd64 VERSION=devel
WORKDIR /src
# Dependencies first: a change to the code does not download them again.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# Pure Go (the SQLite driver too): no C library needed at run time.
RUN CGO_ENABLED=0 GOOS=$TARGETOS GOARCH=$TARGETARCH go build -trimpath -buildvcs=false \
      -ldflags="-s -w -buildid= -X main.version=$VERSION" -o /out/bot ./cmd/bot \
 && mkdir -p /out/data/cache

# distroless/static: CA certificates and tzdata, no shell; the nonroot
# variant runs as uid 65532.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/bot /usr/local/bin/bot
# The SQLite file and the puzzle cache live in /data (a volume); with
# OYUNBOT_DB=postgres://... only the cache does.
COPY --from=build --chown=65532:65532 /out/data /data
ENV OYUNBOT_DB=/data/oyunbot.db \
    OYUNBOT_CACHE_DIR=/data/cache \
    OYUNBOT_BOARDS=/data/boards \
    TELEGRAM_LISTEN=:8443
VOLUME /data
WORKDIR /data
USER 65532:65532
# The Telegram webhook server, when TELEGRAM_WEBHOOK_URL is set.
EXPOSE 8443
# Healthy when /healthz answers 200 (with OYUNBOT_WEB_ADDR set; without a web
# server there is nothing to ask, and the probe says so and passes). No shell
# in the image: the bot itself asks.
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
  CMD ["/usr/local/bin/bot", "healthcheck", "-env", "", "-optional"]
# No .env inside the image: settings come from the environment.
ENTRYPOINT ["/usr/local/bin/bot", "-env", ""]
