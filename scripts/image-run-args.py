"""Prints, one a line, the `podman run` options that run the image as
deploy/kubernetes.yaml's Deployment runs it: its user, read-only root,
dropped capabilities, no privilege escalation (`no-new-privileges`), the
runtime's default seccomp profile, its memory and CPU limits and its
environment; then each KEY=VALUE given here, which overrides the
manifest's value of KEY.

    python3 scripts/image-run-args.py [KEY=VALUE ...]

It fails, naming what is missing, when the manifest lacks one of these:
CI would then run the image less strictly than a cluster does."""

import sys

import yaml

UNITS = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "k": 10**3, "M": 10**6, "G": 10**9}


def memory_bytes(quantity):
    for suffix, factor in UNITS.items():
        if quantity.endswith(suffix):
            return int(quantity[: -len(suffix)]) * factor
    return int(quantity)


def cpus(quantity):
    quantity = str(quantity)
    return int(quantity[:-1]) / 1000 if quantity.endswith("m") else float(quantity)


def main():
    with open("deploy/kubernetes.yaml") as f:
        documents = [d for d in yaml.safe_load_all(f) if d]
    deployment = next(d for d in documents if d["kind"] == "Deployment")
    pod = deployment["spec"]["template"]["spec"]
    container = pod["containers"][0]
    context = {**pod.get("securityContext", {}), **container.get("securityContext", {})}

    def need(ok, what):
        if not ok:
            sys.exit(f"image-run-args: deploy/kubernetes.yaml's Deployment lacks {what}")

    need(context.get("runAsUser") and context.get("runAsNonRoot"), "runAsUser with runAsNonRoot")
    need(context.get("readOnlyRootFilesystem") is True, "readOnlyRootFilesystem: true")
    need(context.get("allowPrivilegeEscalation") is False, "allowPrivilegeEscalation: false")
    need(context.get("capabilities", {}).get("drop") == ["ALL"], 'capabilities: drop: ["ALL"]')
    need(context.get("seccompProfile", {}).get("type") == "RuntimeDefault", "seccompProfile RuntimeDefault")
    limits = container.get("resources", {}).get("limits", {})
    need("memory" in limits and "cpu" in limits, "memory and cpu limits")

    user = context["runAsUser"]
    group = context.get("runAsGroup", user)
    args = [
        f"--user={user}:{group}",
        "--read-only",
        # The image has nothing to write; podman would otherwise mount
        # tmpfs on /tmp, /var/tmp and /run, which a pod does not get.
        "--read-only-tmpfs=false",
        "--cap-drop=ALL",
        "--security-opt=no-new-privileges",
        # podman's default profile is the runtime's default (RuntimeDefault).
        f"--memory={memory_bytes(limits['memory'])}",
        # No swap beyond the limit, as on a Kubernetes node.
        f"--memory-swap={memory_bytes(limits['memory'])}",
        f"--cpus={cpus(limits['cpu'])}",
    ]
    env = {e["name"]: e["value"] for e in container.get("env", []) if "value" in e}
    for pair in sys.argv[1:]:
        key, _, value = pair.partition("=")
        env[key] = value
    args += [f"--env={key}={value}" for key, value in env.items()]
    print("\n".join(args))


main()
