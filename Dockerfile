# Build: `cargo build --profile production --features jemalloc --locked`
# (fat LTO and one codegen unit: the minutes they cost are spent here, for
# the binary that ships; jemalloc, which gives memory back after a storm;
# see Cargo.toml), with BuildKit cache mounts for the cargo registry
# and the target directory, so a source change recompiles knightd alone,
# not every dependency. The binary is copied out of the
# mounted target (a cache mount is not part of the image). No `# syntax=`
# line: it would make every BuildKit build fetch a frontend image from a
# registry; the built-in frontend reads `RUN --mount`. CI builds this file
# as it is with podman (scripts/image.sh), and takes the release binary its
# other stages run out of the image.
FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock openapi.yaml openapi-3.0.yaml ./
COPY src src
COPY crates crates
COPY assets assets
COPY benches benches
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --profile production --features jemalloc --locked --bin knightd \
    && cp target/production/knightd /usr/local/bin/knightd

# Run: the binary alone on distroless (glibc, no shell), as its non-root
# user, by number (65532 is distroless's `nonroot`), so that a runtime that
# checks for a non-root user need not resolve a name.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /usr/local/bin/knightd /knightd
# The probes (/healthz, /readyz, /metrics) on a listener of their own,
# which the HEALTHCHECK asks: answered however the main port is loaded.
ENV KNIGHTD_BIND=0.0.0.0:8080 \
    KNIGHTD_ADMIN_BIND=0.0.0.0:8081 \
    KNIGHTD_LOG_FORMAT=json
EXPOSE 8080 8081
USER 65532:65532
# The image has no curl: the binary checks its own /healthz, on the
# admin listener when there is one (KNIGHTD_ADMIN_BIND).
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/knightd", "--health-check"]
ENTRYPOINT ["/knightd"]
