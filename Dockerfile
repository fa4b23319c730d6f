# syntax=docker/dockerfile:1
# SceneLink container image: a static-stdlib binary on slim Debian, run as a non-root user.
#   docker build -t scenelink .
#   docker run -p 8080:8080 -v scenelink-data:/data scenelink
ARG SWIFT_VERSION=6.3.1

# ---- build stage: the official Swift toolchain image matching the one the project uses
FROM swift:${SWIFT_VERSION}-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends libsqlite3-dev libpq-dev libcurl4-openssl-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The manifest first: with no package dependencies there is nothing to resolve, but the
# layer order keeps the toolchain and manifest layers cached when only sources change.
# Every folder the manifest names a target in must be there, or SwiftPM refuses it
# (scripts/check-runtime.sh checks the manifest with exactly these copies).
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
COPY Plugins ./Plugins
COPY bench ./bench
RUN swift build -c release --static-swift-stdlib --product scenelink \
 && mkdir -p /out \
 && cp "$(swift build -c release --static-swift-stdlib --show-bin-path)/scenelink" /out/scenelink

# ---- runtime stage: only what the binary needs (scripts/check-runtime.sh proves the list with ldd)
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libsqlite3-0 libpq5 libcurl4 libstdc++6 ca-certificates tzdata \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 scenelink \
 && useradd --system --uid 10001 --gid 10001 --home-dir /data --no-create-home --shell /usr/sbin/nologin scenelink \
 && mkdir -p /data \
 && chown scenelink:scenelink /data
COPY --from=build /out/scenelink /usr/local/bin/scenelink
COPY examples /etc/scenelink/examples
ENV SCENELINK_HOST=0.0.0.0 \
    SCENELINK_PORT=8080 \
    SCENELINK_DB=/data/scenelink.sqlite
VOLUME ["/data"]
WORKDIR /data
USER 10001:10001
EXPOSE 8080
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 CMD ["scenelink", "healthcheck"]
ENTRYPOINT ["scenelink"]
CMD ["serve"]
