#!/usr/bin/env bash
# Makes sure every base image the Dockerfile names (its `FROM` lines) is in
# podman's store under that exact name. One that is there already is used
# as it is; one that can be pulled is pulled; where no registry is reachable
# (CI here), a stand-in is made from Debian's packages under the same name,
# and this script says so. The Dockerfile is never edited.
#   rust:1.95-bookworm               mmdebstrap of bookworm with the packages
#                                    the official image's buildpack-deps base
#                                    gives a Rust build (gcc, libc6-dev, make,
#                                    pkg-config, ca-certificates, git, curl),
#                                    plus this machine's own Rust toolchain
#                                    (its version must be the tag's) where the
#                                    official image keeps it: /usr/local/cargo
#                                    and /usr/local/rustup, on PATH.
#   gcr.io/distroless/cc-debian12:nonroot
#                                    the bookworm packages distroless's cc
#                                    image is made of, extracted without their
#                                    scripts (distroless has no shell to run
#                                    them), its CA bundle, its passwd and
#                                    group with `nonroot` (65532), user
#                                    65532, workdir /home/nonroot.
# Apt reads this machine's own Debian sources (no other registry is
# reachable). Stand-ins are kept in target/image-bases/ and in podman's
# store; IMAGE_BASES_REMAKE=1 makes them again.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/image-engine.sh
image_engine_setup

work=$PWD/target/image-bases
mkdir -p "$work"

sources=()
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
  [ -s "$f" ] && sources+=("$f")
done
[ ${#sources[@]} -gt 0 ] || { echo "image-bases: this machine has no apt sources to make stand-ins from" >&2; exit 1; }
grep -qs bookworm "${sources[@]}" || { echo "image-bases: this machine's apt sources name no bookworm suite" >&2; exit 1; }

# A tarball of bookworm with PACKAGES; the host's sources files name the
# mirrors and suites (bookworm, its updates and security).
debian_tree() {
  local out=$1 variant=$2 packages=$3
  mmdebstrap --quiet --mode=root --variant="$variant" --include="$packages" \
    --aptopt='Acquire::Retries "3"' bookworm "$out" "${sources[@]}"
}

# What the official rust image has: buildpack-deps:bookworm's build tools,
# and rustup's toolchain in /usr/local. Only the toolchain's bin/ and lib/
# (not its 800 MB of documentation).
make_rust() {
  local name=$1 version=$2 sysroot host_version tar=$work/rust-bookworm.tar
  sysroot=$(rustc --print sysroot)
  host_version=$(rustc --version | awk '{print $2}')
  case "$host_version" in
    "$version" | "$version".*) ;;
    *) echo "image-bases: $name needs Rust $version; this machine has $host_version" >&2; exit 1 ;;
  esac
  if [ ! -s "$tar" ]; then
    debian_tree "$work/part.tar" minbase gcc,g++,libc6-dev,make,pkg-config,ca-certificates,git,curl,xz-utils,procps
    mv "$work/part.tar" "$tar"
  fi
  local ctr
  ctr=$(buildah from --quiet scratch)
  buildah add --quiet "$ctr" "$tar" / > /dev/null
  buildah run "$ctr" -- mkdir -p /usr/local/rustup/toolchains/stable /usr/local/cargo/bin
  buildah copy --quiet "$ctr" "$sysroot/bin" /usr/local/rustup/toolchains/stable/bin > /dev/null
  buildah copy --quiet "$ctr" "$sysroot/lib" /usr/local/rustup/toolchains/stable/lib > /dev/null
  for tool in cargo rustc rustdoc; do
    buildah run "$ctr" -- ln -s "../../rustup/toolchains/stable/bin/$tool" "/usr/local/cargo/bin/$tool"
  done
  buildah config --env RUSTUP_HOME=/usr/local/rustup --env CARGO_HOME=/usr/local/cargo \
    --env PATH=/usr/local/cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env RUST_VERSION="$host_version" --cmd bash \
    --label "org.opencontainers.image.description=stand-in for $name made by scripts/image-bases.sh" "$ctr"
  buildah run "$ctr" -- cargo --version
  buildah commit --quiet --rm "$ctr" "$name" > /dev/null
}

# distroless's cc-debian12: base (base-files, netbase, tzdata, media-types,
# ca-certificates, libssl3) and cc (libc6, libgcc-s1, libgomp1, libstdc++6).
make_distroless() {
  local name=$1 tar=$work/distroless-cc-bookworm.tar
  if [ ! -s "$tar" ]; then
    debian_tree "$work/part.tar" extract \
      base-files,netbase,tzdata,media-types,ca-certificates,libssl3,libc6,libgcc-s1,libgomp1,libstdc++6
    mv "$work/part.tar" "$tar"
  fi
  local root=$work/distroless-root
  rm -rf "$root"
  mkdir -p "$root"
  tar -C "$root" -xf "$tar"
  # What distroless leaves out: apt's and dpkg's state, docs, man pages.
  rm -rf "${root:?}"/var/lib/apt "$root"/var/cache/apt "$root"/var/lib/dpkg "$root"/usr/share/doc \
    "$root"/usr/share/man "$root"/usr/share/info "$root"/usr/share/lintian "${root:?}"/dev/* "$root"/etc/apt
  # The CA bundle update-ca-certificates would have made.
  mkdir -p "$root/etc/ssl/certs"
  find "$root/usr/share/ca-certificates" -name '*.crt' -print0 | sort -z | xargs -0 cat > "$root/etc/ssl/certs/ca-certificates.crt"
  cat > "$root/etc/passwd" << 'EOF'
root:x:0:0:root:/root:/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin
nonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin
EOF
  cat > "$root/etc/group" << 'EOF'
root:x:0:
nobody:x:65534:
tty:x:5:
staff:x:50:
nonroot:x:65532:
EOF
  mkdir -p "$root/home/nonroot" "$root/root" "$root/tmp"
  chmod 1777 "$root/tmp"
  chmod 700 "$root/root"
  chown 65532:65532 "$root/home/nonroot"
  local ctr
  ctr=$(buildah from --quiet scratch)
  buildah copy --quiet "$ctr" "$root" / > /dev/null
  buildah config --user 65532 --workingdir /home/nonroot \
    --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt \
    --label "org.opencontainers.image.description=stand-in for $name made by scripts/image-bases.sh" "$ctr"
  buildah commit --quiet --rm "$ctr" "$name" > /dev/null
  rm -rf "$root"
}

for name in $(awk 'toupper($1) == "FROM" {print $2}' Dockerfile); do
  if [ "${IMAGE_BASES_REMAKE:-0}" != 1 ] && podman image exists "$name"; then
    echo "image-bases: $name is in the store ($(podman image inspect --format '{{index .Labels "org.opencontainers.image.description"}}' "$name" | sed 's/^$/pulled/'))"
    continue
  fi
  if [ "${IMAGE_BASES_REMAKE:-0}" != 1 ] && timeout 60 podman pull --quiet "$name" > /dev/null 2>&1; then
    echo "image-bases: $name pulled"
    continue
  fi
  echo "image-bases: $name cannot be pulled (no registry reachable): making a STAND-IN from Debian's packages under that name"
  case "$name" in
    rust:*-bookworm)
      version=${name#rust:}
      make_rust "$name" "${version%-bookworm}"
      ;;
    gcr.io/distroless/cc-debian12:*) make_distroless "$name" ;;
    *) echo "image-bases: no stand-in is known for $name" >&2; exit 1 ;;
  esac
  echo "image-bases: STAND-IN $name made ($(podman image inspect --format '{{.Size}}' "$name" | awk '{printf "%.0f MB", $1 / 1e6}'))"
done
