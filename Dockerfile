# syntax=docker/dockerfile:1
# Build: the same `cargo build --release --locked` that .ci/run builds and
# smoke-tests on its own (no Docker engine runs in CI).
FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock openapi.yaml ./
COPY src src
COPY benches benches
RUN cargo build --release --locked --bin knightd

# Run: the binary alone on distroless (glibc, no shell), as a non-root user.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /src/target/release/knightd /knightd
ENV KNIGHTD_BIND=0.0.0.0:8080 \
    KNIGHTD_LOG_FORMAT=json
EXPOSE 8080
USER nonroot:nonroot
# The image has no curl: the binary checks its own /healthz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/knightd", "--health-check"]
ENTRYPOINT ["/knightd"]
