"""shared/tools/a11y/check.py (axe-core + Nu validator + page checks) as a background job."""

import json
import os
import signal
import subprocess
import sys
import time


class CheckRun:
    """One check.py run (one colour scheme) over a list of URLs, started in the background."""

    def __init__(self, check_py, urls, scheme, out_dir):
        self.scheme = scheme
        self.json_path = os.path.join(out_dir, f"check-{scheme}.json")
        self.log_path = os.path.join(out_dir, f"check-{scheme}.log")
        self.cmd = [sys.executable, check_py, *urls, "--color-scheme", scheme,
                    "--fail-impact", "minor,moderate,serious,critical", "--strict",
                    "--json", self.json_path, "--out", os.path.join(out_dir, "screenshots")]
        self.t0 = None
        self.proc = None
        self.seconds = None

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

    def wait(self, timeout=600):
        rc = self.proc.wait(timeout=timeout)
        self.log.close()
        self.seconds = time.time() - self.t0
        return rc

    def results(self):
        """(passed, failed, findings by URL, console errors by URL) from the JSON report."""
        if not os.path.exists(self.json_path):
            with open(self.log_path, encoding="utf-8", errors="replace") as f:
                tail = f.read()[-2000:]
            raise RuntimeError(f"check.py ({self.scheme}) wrote no JSON; log tail:\n{tail}")
        with open(self.json_path, encoding="utf-8") as f:
            doc = json.load(f)
        findings, console = {}, {}
        for r in doc["results"]:
            msgs = []
            for reason in r.get("reasons") or []:
                msgs.append(reason)
            for e in (r.get("nu") or {}).get("errors", []):
                msgs.append(f"Nu error L{e['line']}:{e['column']}: {e['message']}")
            for v in (r.get("axe") or {}).get("violations", []):
                ex = (v.get("node_details") or [{}])[0]
                summary = " ".join((ex.get("summary") or "").split())[:220]
                msgs.append(f"axe [{v['impact']}] {v['id']}: {v['help']} — {v['nodes']} node(s), e.g. {v['target']}"
                            + (f" — {summary}" if summary else ""))
            if msgs and not r.get("passed"):
                findings[r["url"]] = msgs
            errs = [c["message"] for c in r.get("console") or [] if c.get("level") == "SEVERE"]
            if errs:
                console[r["url"]] = errs
        s = doc["summary"]
        return s["passed"], s["failed"], findings, console, doc.get("versions", {})
