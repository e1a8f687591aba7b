# shellcheck shell=bash
# Sourced by the image scripts: podman, run with this project's own
# containers.conf rather than the machine's, written to target/ so that it
# can follow the machine's descriptor limit.
#   - runtime runc: the OCI runtime Debian's podman depends on;
#   - default_ulimits nofile and nproc: podman asks 1048576 descriptors and
#     4194304 processes for a container by default; where the machine's
#     hard limits are lower (20,000 descriptors here), raising them needs
#     CAP_SYS_RESOURCE, which a container with every capability dropped
#     has not, and it fails to start. It gets the machine's hard limits
#     (processes also within the kernel's pid_max: 96,365 was refused
#     here, with pid_max 32,768, and 32,768 taken);
#   - cgroupfs and file events: no systemd to ask on a CI machine.
# Installs podman, buildah, mmdebstrap and runc from Debian's packages when
# missing (CI runs as root on a fresh machine).

image_engine_setup() {
  local missing=()
  command -v podman > /dev/null || missing+=(podman)
  command -v buildah > /dev/null || missing+=(buildah)
  command -v mmdebstrap > /dev/null || missing+=(mmdebstrap)
  command -v runc > /dev/null || missing+=(runc)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "image: installing ${missing[*]} (Debian's packages)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null
  fi
  local conf=$PWD/target/image-engine/containers.conf nofile nproc
  nofile=$(ulimit -Hn)
  [ "$nofile" = unlimited ] && nofile=1048576
  nproc=$(ulimit -Hu)
  [ "$nproc" = unlimited ] && nproc=4194304
  local pid_max
  pid_max=$(cat /proc/sys/kernel/pid_max 2> /dev/null || echo "$nproc")
  [ "$nproc" -gt "$pid_max" ] && nproc=$pid_max
  mkdir -p "$(dirname "$conf")"
  cat > "$conf" << EOF
# Written by scripts/image-engine.sh; see there.
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]
log_driver = "k8s-file"

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
  export CONTAINERS_CONF=$conf
}
