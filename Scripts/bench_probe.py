#!/usr/bin/env python3
"""Measurement helpers for Scripts/bench.sh (standard library only).

Every subcommand that measures something merges its numbers into a JSON results file
(`--results PATH`), which Scripts/bench_report.py turns into the table.

Subcommands:
  wrk FILE --key K          parse a `wrk --latency` output (req/s, p50, p99, errors; CPU per request with --pid)
  ticks PID                 print a process's CPU time so far (clock ticks), for `wrk --ticks-before`
  discover BASE             print stop paths linked from /nearby and /lines/train/6
  cold BASE --stops ...     time one request per cold stop, subtract the upstream round trips
  coldpages BASE --links-from WARM --stops ...   time cold stop, ride and run pages (one round trip each)
  burst BASE PATH -n 200    send N requests at once, count upstream departures calls
  startup --bin BIN ...     time from exec to the first 200 from /healthz
  pages BASE --css-dir DIR  HTML bytes per page type, CSS bytes, off-site references
  rss PID --key K           VmRSS of a process
"""

import argparse
import html
import html.parser
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request


# ---------------------------------------------------------------------------------------------------------
# Results file

def merge_results(path, key, value):
    data = {}
    if os.path.exists(path):
        with open(path) as f:
            data = json.load(f)
    data[key] = value
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=2, sort_keys=True)
    os.replace(tmp, path)


# ---------------------------------------------------------------------------------------------------------
# Small HTTP helpers (loopback only)

def get(base, path, timeout=30):
    """GET base+path; returns (status, body bytes, headers)."""
    request = urllib.request.Request(base.rstrip("/") + path, headers={"Accept": "text/html"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read(), dict(error.headers)


METRIC_RE = re.compile(r'^trakx_ptv_upstream_requests_total\{endpoint="([^"]+)",outcome="([^"]+)"\}\s+(\d+)\s*$', re.M)
COALESCED_RE = re.compile(r'^trakx_ptv_cache_coalesced_total\{endpoint="([^"]+)"\}\s+(\d+)\s*$', re.M)


def upstream_counts(base):
    """Upstream requests per endpoint (all outcomes) and the coalesced lookups, from /metrics."""
    status, body, _ = get(base, "/metrics")
    if status != 200:
        raise SystemExit(f"/metrics answered {status}")
    text = body.decode()
    counts = {}
    for endpoint, _outcome, value in METRIC_RE.findall(text):
        counts[endpoint] = counts.get(endpoint, 0) + int(value)
    coalesced = {endpoint: int(value) for endpoint, value in COALESCED_RE.findall(text)}
    return counts, coalesced


def delta(after, before):
    return {k: after.get(k, 0) - before.get(k, 0) for k in set(after) | set(before) if after.get(k, 0) != before.get(k, 0)}


def curl_time(url):
    """One request with curl; returns (status, seconds) from `-w %{http_code} %{time_total}`."""
    status, seconds, _ = curl_timing(url)
    return status, seconds


SERVER_TIMING_RE = re.compile(r'(total|upstream);dur=([0-9.]+)')


def curl_timing(url):
    """One request; returns (status, seconds, {"total": ms, "upstream": ms}) with Trakx's own Server-Timing
    header (total time inside Trakx, and the wall time it spent waiting on PTV)."""
    out = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code} %{time_total} %header{server-timing}", url],
                         capture_output=True, text=True, check=True).stdout
    parts = out.split(" ", 2)
    timing = {name: float(value) for name, value in SERVER_TIMING_RE.findall(parts[2] if len(parts) > 2 else "")}
    return int(parts[0]), float(parts[1]), timing


# ---------------------------------------------------------------------------------------------------------
# wrk

UNIT = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0, "h": 3600000.0}


def to_ms(text):
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m|h)", text)
    if not match:
        raise ValueError(f"cannot read the wrk latency {text!r}")
    return float(match.group(1)) * UNIT[match.group(2)]


def parse_wrk(text):
    result = {}
    match = re.search(r"Requests/sec:\s+([\d.]+)", text)
    result["rps"] = float(match.group(1)) if match else None
    match = re.search(r"(\d+) requests in ([\d.]+\w+),", text)
    result["requests"] = int(match.group(1)) if match else None
    for pct in ("50", "75", "90", "99"):
        match = re.search(rf"^\s+{pct}%\s+(\S+)\s*$", text, re.M)
        result[f"p{pct}_ms"] = to_ms(match.group(1)) if match else None
    match = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
    result["non_2xx"] = int(match.group(1)) if match else 0
    match = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    result["socket_errors"] = sum(int(g) for g in match.groups()) if match else 0
    return result


def cpu_ticks(pid):
    """utime + stime of a process, in clock ticks (/proc/PID/stat fields 14 and 15)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def cmd_ticks(args):
    print(cpu_ticks(args.pid))


def cmd_wrk(args):
    with open(args.file) as f:
        result = parse_wrk(f.read())
    if result["rps"] is None or result["p99_ms"] is None:
        raise SystemExit(f"could not parse {args.file}")
    if args.pid is not None and args.ticks_before is not None and result["requests"]:
        # CPU time the server used per request: unlike req/s, this hardly moves when others load the machine.
        used = cpu_ticks(args.pid) - args.ticks_before
        result["cpu_us_per_request"] = used / os.sysconf("SC_CLK_TCK") * 1e6 / result["requests"]
    merge_results(args.results, args.key, result)
    print(json.dumps(result))


# ---------------------------------------------------------------------------------------------------------
# Stop discovery

STOP_LINK_RE = re.compile(r'href="(/stops/(?:train|tram|bus|vline|night-bus)/\d+)"')


def cmd_discover(args):
    seen = []
    for path in ("/nearby?lat=-37.8183&lon=144.9671", "/lines/train/6"):
        status, body, _ = get(args.base, path)
        if status != 200:
            print(f"warning: {path} answered {status}", file=sys.stderr)
            continue
        for link in STOP_LINK_RE.findall(body.decode()):
            if link not in seen:
                seen.append(link)
    for link in seen:
        print(link)


# ---------------------------------------------------------------------------------------------------------
# Cold stop pages: page latency minus upstream latency

def cmd_cold(args):
    """Method (see bench.sh): a stop page asks PTV for the stop details and the departures in parallel
    (one round trip); a page that also asked for the stops near it would make a second, sequential round
    trip, so that is counted too. For each cold stop we
    read the upstream counters before and after the one request, so we know which calls really went to
    the simulator: rounds = [stop or departures called] + [stops_nearby called]. The simulator sleeps
    `latency` ms before answering each call, so overhead = page time - rounds x latency. This charges the
    in-process simulator's own work and its timer overshoot to Trakx, so it is an upper bound."""
    rows = []
    latency = args.latency_ms / 1000.0
    for path in args.stops:
        before, coalesced_before = upstream_counts(args.base)
        status, seconds, timing = curl_timing(args.base.rstrip("/") + path)
        after, _ = upstream_counts(args.base)
        calls = delta(after, before)
        rounds = (1 if calls.get("departures", 0) or calls.get("stop", 0) else 0) + (1 if calls.get("stops_nearby", 0) else 0)
        warm_status, warm_seconds = curl_time(args.base.rstrip("/") + path)
        rows.append({
            "path": path, "status": status, "page_ms": seconds * 1000, "upstream_calls": calls, "rounds": rounds,
            "overhead_ms": (seconds - rounds * latency) * 1000, "warm_ms": warm_seconds * 1000, "warm_status": warm_status,
            "inside_ms": (timing["total"] - timing["upstream"]) if "total" in timing and "upstream" in timing else None,
        })
        print(f"  {path:28s} {status} page {seconds * 1000:8.2f} ms  rounds {rounds}  calls {calls}  "
              f"overhead {(seconds - rounds * latency) * 1000:8.2f} ms  warm again {warm_seconds * 1000:6.2f} ms")
    good = [r for r in rows if r["status"] == 200]
    overheads = sorted(r["overhead_ms"] for r in good)
    inside = sorted(r["inside_ms"] for r in good if r.get("inside_ms") is not None)
    summary = {
        "latency_ms": args.latency_ms, "rows": rows, "count": len(good), "errors": len(rows) - len(good),
        "page_median_ms": statistics.median([r["page_ms"] for r in good]) if good else None,
        "overhead_median_ms": statistics.median(overheads) if overheads else None,
        "overhead_min_ms": overheads[0] if overheads else None,
        "overhead_max_ms": overheads[-1] if overheads else None,
        "overhead_stdev_ms": statistics.stdev(overheads) if len(overheads) > 1 else None,
        "warm_median_ms": statistics.median([r["warm_ms"] for r in good]) if good else None,
        "rounds": sorted({r["rounds"] for r in good}),
        "inside_median_ms": statistics.median(inside) if inside else None,
        "inside_max_ms": inside[-1] if inside else None,
    }
    merge_results(args.results, args.key, summary)


# ---------------------------------------------------------------------------------------------------------
# Cold stop, ride and run pages with PTV far away (one round trip each)

RIDE_LINK_RE = re.compile(r'href="(/ride/[^"]+)"')
RUN_LINK_RE = re.compile(r'href="(/runs/[^"]+)"')


def cmd_coldpages(args):
    """For each stop: on the discovery instance (`--links-from`, any warm instance with the same seed), read the
    stop page's first two departure links (/ride/...?from=) and, from the second ride page, its /runs/ link.
    Then on the cold instance (`base`, simulator latency `--latency-ms`) time, each once and cold: the stop
    page, the first ride page and the run page of the *second* departure (a ride and a run page of one run
    share one cached pattern answer, so the run page must be another run's to be cold). /metrics before and
    after each request tells which upstream calls it made."""
    samples = {"stop": [], "ride": [], "run": []}
    links = urllib.parse.urlsplit(args.links_from)
    for stop in args.stops:
        if len(samples["stop"]) >= args.want:
            break
        status, body, _ = get(args.links_from, stop)
        if status != 200:
            print(f"  {stop}: discovery answered {status}; skipped")
            continue
        html_text = body.decode("utf-8", errors="replace")
        rides = []
        for link in RIDE_LINK_RE.findall(html_text):
            link = html.unescape(link)
            run = link.split("?", 1)[0]
            if all(r.split("?", 1)[0] != run for r in rides):
                rides.append(link)
        if len(rides) < 2:
            print(f"  {stop}: fewer than two departures with ride links; skipped")
            continue
        status, body, _ = get(args.links_from, rides[1])
        runs = [html.unescape(x) for x in RUN_LINK_RE.findall(body.decode("utf-8", errors="replace"))] if status == 200 else []
        if not runs:
            print(f"  {rides[1]}: no /runs/ link (status {status}); skipped")
            continue
        for kind, path in (("stop", stop), ("ride", rides[0]), ("run", runs[0])):
            before, _ = upstream_counts(args.base)
            code, seconds, timing = curl_timing(args.base.rstrip("/") + path)
            after, _ = upstream_counts(args.base)
            calls = delta(after, before)
            samples[kind].append({"path": path, "status": code, "ms": seconds * 1000, "calls": calls,
                                  "upstream_ms": timing.get("upstream"), "total_ms": timing.get("total")})
            print(f"  {kind:4s} {path:55s} {code} {seconds * 1000:8.1f} ms  upstream calls {calls}")
    summary = {"latency_ms": args.latency_ms, "discovered_on": f"{links.hostname}:{links.port}"}
    for kind, rows in samples.items():
        good = [r for r in rows if r["status"] == 200]
        summary[kind] = {
            "rows": rows, "count": len(good), "errors": len(rows) - len(good),
            "median_ms": statistics.median([r["ms"] for r in good]) if good else None,
            "max_ms": max(r["ms"] for r in good) if good else None,
            "upstream_calls_max": max((sum(r["calls"].values()) for r in good), default=None),
        }
    merge_results(args.results, args.key, summary)


# ---------------------------------------------------------------------------------------------------------
# Burst: N requests at once for one cold stop

def cmd_burst(args):
    url = urllib.parse.urlsplit(args.base)
    host, port = url.hostname, url.port
    payload = (f"GET {args.path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/html\r\n"
               f"Connection: close\r\n\r\n").encode()
    before, coalesced_before = upstream_counts(args.base)
    barrier = threading.Barrier(args.n)
    results = [None] * args.n

    def one(index):
        sent_at = done_at = None
        status = None
        try:
            sock = socket.create_connection((host, port), timeout=30)  # connect first, then all send together
        except OSError as error:
            barrier.wait()
            results[index] = {"status": f"connect: {error}"}
            return
        try:
            barrier.wait()
            sent_at = time.monotonic()
            sock.sendall(payload)
            chunks = []
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
            done_at = time.monotonic()
            head = b"".join(chunks)[:32].split(b" ")
            status = int(head[1]) if len(head) > 1 and head[1].isdigit() else f"bad reply {head!r}"
        except OSError as error:
            status = f"error: {error}"
        finally:
            sock.close()
        results[index] = {"status": status, "sent_at": sent_at, "done_at": done_at}

    threads = [threading.Thread(target=one, args=(i,)) for i in range(args.n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    after, coalesced_after = upstream_counts(args.base)
    sends = [r["sent_at"] for r in results if r and r.get("sent_at")]
    dones = [r["done_at"] for r in results if r and r.get("done_at")]
    statuses = {}
    for r in results:
        key = str(r["status"]) if r else "none"
        statuses[key] = statuses.get(key, 0) + 1
    summary = {
        "n": args.n, "path": args.path, "statuses": statuses,
        "upstream_calls": delta(after, before),
        "departures_calls": after.get("departures", 0) - before.get("departures", 0),
        "coalesced": delta(coalesced_after, coalesced_before),
        "send_spread_ms": (max(sends) - min(sends)) * 1000 if sends else None,
        "slowest_ms": (max(dones) - min(sends)) * 1000 if sends and dones else None,
    }
    merge_results(args.results, args.key, summary)
    print(json.dumps(summary))


# ---------------------------------------------------------------------------------------------------------
# Startup: exec to the first 200 from /healthz

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def healthz_ok(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
            sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
            return sock.recv(16).startswith(b"HTTP/1.1 200")
    except OSError:
        return False


def cmd_startup(args):
    times = []
    for run in range(args.runs):
        port = free_port()
        folder = os.path.join(args.workdir, f"startup-{run}")
        os.makedirs(folder, exist_ok=True)
        command = [args.bin, "serve", "--port", str(port), "--database", os.path.join(folder, "trakx.sqlite")] + args.extra
        with open(os.path.join(folder, "log"), "w") as log:
            started = time.monotonic()
            process = subprocess.Popen(command, cwd=args.cwd, stdout=log, stderr=subprocess.STDOUT)
            try:
                elapsed = None
                while time.monotonic() - started < args.timeout:
                    if healthz_ok(port):
                        elapsed = (time.monotonic() - started) * 1000
                        break
                    if process.poll() is not None:
                        break
                    time.sleep(0.005)
            finally:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        print(f"  run {run + 1}: {'%.1f ms' % elapsed if elapsed is not None else 'no 200 from /healthz'}")
        times.append(elapsed)
    good = [t for t in times if t is not None]
    summary = {"runs_ms": times, "median_ms": statistics.median(good) if len(good) == len(times) else None,
               "min_ms": min(good) if good else None, "max_ms": max(good) if good else None}
    merge_results(args.results, args.key, summary)


# ---------------------------------------------------------------------------------------------------------
# Page weight and off-site references

RESOURCE_ATTRS = {"src", "srcset", "href", "action", "formaction", "data", "poster", "background", "ping", "manifest"}
CSS_URL_RE = re.compile(r"""url\(\s*['"]?\s*((?:https?:)?//[^)'"\s]+)|@import\s+(?:url\()?\s*['"]?\s*((?:https?:)?//[^)'"\s;]+)""", re.I)
ALLOWED_LINK_HOSTS = ("ptv.vic.gov.au",)  # PTV's own "read more" links: links a person may follow, not requests


def is_absolute(value):
    v = value.strip().lower()
    return v.startswith("http://") or v.startswith("https://") or v.startswith("//")


def host_of(value):
    v = value.strip()
    if v.startswith("//"):
        v = "http:" + v
    return (urllib.parse.urlsplit(v).hostname or "").lower()


def allowed_link(value):
    host = host_of(value)
    return any(host == h or host.endswith("." + h) for h in ALLOWED_LINK_HOSTS)


class OffsiteScanner(html.parser.HTMLParser):
    """Finds references to other hosts. `<a href>` to PTV is a link (allowed); any other absolute URL in a
    resource attribute (src, link href, script src, form action, srcset, ...) or in inline CSS is flagged."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems = []
        self.ptv_links = []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name == "style":
                self._css(value, f"<{tag} style>")
            if name not in RESOURCE_ATTRS:
                continue
            candidates = [part.strip().split(" ")[0] for part in value.split(",")] if name == "srcset" else [value]
            for candidate in candidates:
                if not is_absolute(candidate):
                    continue
                if tag == "a" and name == "href" and allowed_link(candidate):
                    self.ptv_links.append(candidate)
                else:
                    self.problems.append(f"<{tag} {name}={candidate}>")
        if tag == "style":
            self._in_style = True

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self._css(data, "<style>")

    def _css(self, text, where):
        for match in CSS_URL_RE.finditer(text):
            self.problems.append(f"{where} {match.group(1) or match.group(2)}")


def first_link(body, pattern):
    match = re.search(pattern, body)
    return html.unescape(match.group(1)) if match else None


def cmd_pages(args):
    pages = []

    def measure(kind, path):
        if path is None:
            pages.append({"kind": kind, "path": None, "status": None, "bytes": None, "problems": ["no link found"], "ptv_links": 0})
            return ""
        status, body, headers = get(args.base, path)
        text = body.decode("utf-8", errors="replace")
        scanner = OffsiteScanner()
        scanner.feed(text)
        scanner.close()
        pages.append({"kind": kind, "path": path, "status": status, "bytes": len(body),
                      "content_type": headers.get("Content-Type"), "problems": scanner.problems,
                      "ptv_links": len(scanner.ptv_links)})
        with open(os.path.join(args.raw, "page-" + re.sub(r"[^A-Za-z0-9]+", "_", path).strip("_") + ".html"), "wb") as f:
            f.write(body)
        return text

    measure("home", "/")
    stop = measure("stop (train)", "/stops/train/1071")
    measure("stop (tram)", "/stops/tram/2218")
    measure("nearby", "/nearby?lat=-37.8183&lon=144.9671")
    # Departure times on a stop page link to the ride page; the ride page links to the run's whole pattern.
    ride = measure("ride", first_link(stop, r'href="(/ride/[^"]+)"'))
    measure("run", first_link(ride, r'href="(/runs/[^"]+)"'))
    measure("search", "/search?q=flinders")
    measure("line", "/lines/train/6")
    disruptions = measure("disruptions", "/disruptions")
    measure("disruption", first_link(disruptions, r'href="(/disruptions/\d+)"'))
    measure("favourites", "/favourites")

    css_files = []
    for name in sorted(os.listdir(args.css_dir)):
        if name.endswith(".css"):
            with open(os.path.join(args.css_dir, name), encoding="utf-8") as f:
                text = f.read()
            css_files.append({"name": name, "bytes": len(text.encode()),
                              "problems": [m.group(1) or m.group(2) for m in CSS_URL_RE.finditer(text)]})
    status, served, _ = get(args.base, "/static/css/trakx.css")
    summary = {"pages": pages, "css_files": css_files, "css_total_bytes": sum(f["bytes"] for f in css_files),
               "css_served_status": status, "css_served_bytes": len(served)}
    merge_results(args.results, args.key, summary)
    for page in pages:
        print(f"  {page['kind']:14s} {str(page['path']):45s} {page['status']} {page['bytes']} bytes "
              f"{len(page['problems'])} off-site, {page['ptv_links']} PTV links")


# ---------------------------------------------------------------------------------------------------------
# Resident memory

def cmd_stale(args):
    """The saved copy's grace: once the instance's simulator has stopped answering departures and the copy has
    expired, one stop page is timed; it must come from the saved copy, said as such, within the grace."""
    wait = args.ready_at - time.time()
    if wait > 0:
        time.sleep(wait)
    start = time.monotonic()
    try:
        with urllib.request.urlopen(args.base + args.path, timeout=30) as response:
            body = response.read().decode("utf-8", "replace")
            status = response.status
    except Exception as error:  # noqa: BLE001 - any failure is recorded as such
        merge_results(args.results, args.key, {"status": f"error: {error}"})
        return
    seconds = time.monotonic() - start
    said = "so this page shows information from" in body
    merge_results(args.results, args.key, {"status": status, "seconds": seconds, "said_stale": said})
    print(json.dumps({"status": status, "seconds": round(seconds, 3), "said_stale": said}))


def cmd_rss(args):
    with open(f"/proc/{args.pid}/status") as f:
        status = f.read()

    def field(name):
        match = re.search(rf"^{name}:\s+(\d+)", status, re.M)
        return int(match.group(1)) if match else None

    kb = field("VmRSS")
    # RssFile is mostly shared-library pages (Swift runtime, Foundation, ICU); RssAnon is the heap and stacks.
    value = {"kb": kb, "anon_kb": field("RssAnon"), "file_kb": field("RssFile"), "threads": field("Threads")}
    if args.requests_file:
        with open(args.requests_file) as f:
            value["wrk"] = parse_wrk(f.read())
    if args.requests_total is not None:
        value["requests_total"] = args.requests_total
    merge_results(args.results, args.key, value)
    print(f"  VmRSS {kb / 1024:.1f} MiB (anonymous {value['anon_kb'] / 1024:.1f} MiB, "
          f"file-backed {value['file_kb'] / 1024:.1f} MiB, {value['threads']} threads)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("ticks")
    p.add_argument("pid", type=int)
    p.set_defaults(func=cmd_ticks)

    p = sub.add_parser("wrk")
    p.add_argument("file")
    p.add_argument("--pid", type=int, help="server process, for its CPU time per request")
    p.add_argument("--ticks-before", type=int, help="its CPU ticks (`ticks PID`) before wrk started")
    p.add_argument("--key", required=True)
    p.add_argument("--results", required=True)
    p.set_defaults(func=cmd_wrk)

    p = sub.add_parser("discover")
    p.add_argument("base")
    p.set_defaults(func=cmd_discover)

    def cold_parser(name, func):
        """A subcommand that times cold pages of the instance at `base` for the stops given."""
        p = sub.add_parser(name)
        p.add_argument("base")
        p.add_argument("--stops", nargs="+", required=True)
        p.add_argument("--latency-ms", type=float, required=True)
        p.add_argument("--key", required=True)
        p.add_argument("--results", required=True)
        p.set_defaults(func=func)
        return p

    cold_parser("cold", cmd_cold)
    p = cold_parser("coldpages", cmd_coldpages)
    p.add_argument("--links-from", required=True)
    p.add_argument("--want", type=int, default=3, help="stops to sample (more may be given, for ones without departures)")

    p = sub.add_parser("burst")
    p.add_argument("base")
    p.add_argument("path")
    p.add_argument("-n", type=int, default=200)
    p.add_argument("--key", required=True)
    p.add_argument("--results", required=True)
    p.set_defaults(func=cmd_burst)

    p = sub.add_parser("startup")
    p.add_argument("--bin", required=True)
    p.add_argument("--cwd", required=True)
    p.add_argument("--workdir", required=True)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--timeout", type=float, default=10)
    p.add_argument("--key", required=True)
    p.add_argument("--results", required=True)
    p.add_argument("extra", nargs=argparse.REMAINDER, help="-- then more `serve` options")
    p.set_defaults(func=cmd_startup)

    p = sub.add_parser("pages")
    p.add_argument("base")
    p.add_argument("--css-dir", required=True)
    p.add_argument("--raw", required=True)
    p.add_argument("--key", required=True)
    p.add_argument("--results", required=True)
    p.set_defaults(func=cmd_pages)

    p = sub.add_parser("stale")
    p.add_argument("base")
    p.add_argument("path")
    p.add_argument("--ready-at", type=float, required=True, help="epoch seconds after which the copy has expired")
    p.add_argument("--key", required=True)
    p.add_argument("--results", required=True)
    p.set_defaults(func=cmd_stale)

    p = sub.add_parser("rss")
    p.add_argument("pid", type=int)
    p.add_argument("--requests-file")
    p.add_argument("--requests-total", type=int)
    p.add_argument("--key", required=True)
    p.add_argument("--results", required=True)
    p.set_defaults(func=cmd_rss)

    args = parser.parse_args()
    if getattr(args, "extra", None) and args.extra[0] == "--":
        args.extra = args.extra[1:]
    args.func(args)


if __name__ == "__main__":
    main()
