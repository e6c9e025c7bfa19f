"""pagecheck.py (axe-core + Nu checker + page checks, gatelib/pagecheck.py) as a background job."""

import json
import os
import signal
import subprocess
import sys
import time

PAGECHECK = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "pagecheck.py")


class CheckRun:
    """One pagecheck.py run (one colour scheme) over a list of URLs, started in the background."""

    def __init__(self, urls, scheme, out_dir):
        self.scheme = scheme
        self.json_path = os.path.join(out_dir, f"check-{scheme}.json")
        self.log_path = os.path.join(out_dir, f"check-{scheme}.log")
        self.cmd = [sys.executable, PAGECHECK, *urls, "--scheme", scheme, "--json", self.json_path,
                    "--shots", os.path.join(out_dir, "screenshots")]
        self.t0 = None
        self.proc = None

    def start(self):
        self.t0 = time.time()
        self.log = open(self.log_path, "w", encoding="utf-8")
        # its own process group, so that stop() also ends the Chromium and java it started
        self.proc = subprocess.Popen(self.cmd, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        return self

    def stop(self):
        """End this run (and its browsers) if it is still going."""
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(self.proc.pid, signal.SIGKILL)

    def wait(self, timeout=900):
        rc = self.proc.wait(timeout=timeout)
        self.log.close()
        return rc

    def results(self):
        """(passed, failed, findings by URL, console errors by URL, versions) from the JSON report."""
        if not os.path.exists(self.json_path):
            with open(self.log_path, encoding="utf-8", errors="replace") as f:
                tail = f.read()[-2000:]
            raise RuntimeError(f"pagecheck.py ({self.scheme}) wrote no report; log tail:\n{tail}")
        with open(self.json_path, encoding="utf-8") as f:
            doc = json.load(f)
        findings, console = {}, {}
        for r in doc["results"]:
            other = [f for f in r["findings"] if not f.startswith("console: ")]
            cons = [f[len("console: "):] for f in r["findings"] if f.startswith("console: ")]
            if other:
                findings[r["url"]] = other
            if cons:
                console[r["url"]] = cons
        failed = sum(1 for r in doc["results"] if [f for f in r["findings"] if not f.startswith("console: ")])
        return len(doc["results"]) - failed, failed, findings, console, doc.get("versions", {})
