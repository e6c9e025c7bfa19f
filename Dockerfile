# Trakx container: Swift builder, slim Debian runtime.
FROM swift:6.1-bookworm AS build
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libmicrohttpd-dev libcurl4-openssl-dev libsqlite3-dev zlib1g-dev libpq-dev libhiredis-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product trakx --static-swift-stdlib \
    && cp "$(swift build -c release --show-bin-path)/trakx" /trakx \
    && cp -R "$(swift build -c release --show-bin-path)/trakx_PTVSimulator.resources" /trakx_PTVSimulator.resources

FROM debian:bookworm-slim
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libmicrohttpd12 libcurl4 libsqlite3-0 zlib1g libpq5 libhiredis0.14 ca-certificates tzdata curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --create-home --home-dir /home/trakx --uid 10001 trakx \
    && mkdir -p /data && chown trakx /data
WORKDIR /app
COPY --from=build /trakx /usr/local/bin/trakx
COPY --from=build /trakx_PTVSimulator.resources /usr/local/bin/trakx_PTVSimulator.resources
COPY Templates ./Templates
COPY Public ./Public
USER trakx
ENV XDG_DATA_HOME=/data
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s \
  CMD curl -fsS -H "Host: 127.0.0.1:8080" http://127.0.0.1:8080/healthz || exit 1
# Inside the container only, listen on every interface so the published port reaches Trakx.
CMD ["trakx", "serve", "--host", "0.0.0.0", "--port", "8080", "--allowed-host", "localhost", "--database", "/data/trakx.sqlite"]
