#!/usr/bin/env python3
"""Measurement helpers for Scripts/bench.sh (standard library only).

Every subcommand that measures something merges its numbers into a JSON results file
(`--results PATH`), which Scripts/bench_report.py turns into the table.

Subcommands:
  wrk FILE --key K          parse a `wrk --latency` output (req/s, p50, p99, errors; CPU per request with --pid)
  ticks PID                 print a process's CPU time so far (clock ticks), for `wrk --ticks-before`
  discover BASE             print stop paths linked from /nearby and /lines/train/6
  cold BASE --stops ...     time one request per cold stop, subtract the upstream round trips
  learn --bin BIN --workdir DIR ...          a database where the network learner has finished (DIR/learnt/trakx.sqlite)
  coldall --links-from WARM --bin BIN ...   the first load of every page type, each on an instance of its own: fresh
                                            (nothing known) and, with --learnt-db, warm (the network known)
  warm BASE PATH [--save F] request a page until it is answered from the page store (and save that response)
  burst BASE PATH -n 200    send N requests at once, count upstream departures calls
  startup --bin BIN ...     time from exec to the first 200 from /healthz
  pages BASE --css-dir DIR  HTML bytes per page type, CSS bytes, off-site references
  rss PID --key K           VmRSS of a process
"""

import argparse
import html
import itertools
import html.parser
import json
import os
import re
import shutil
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
# Cold pages of every type with PTV far away (one round trip each), each on a Trakx that knows nothing yet

def total_calls(counts):
    return sum(counts.values())


def settle(base, quiet_s, limit_s=20.0):
    """Waits until no upstream call has completed for `quiet_s` (what a page learns in the background is done);
    returns the upstream counts then, and whether it settled within `limit_s`."""
    counts, _ = upstream_counts(base)
    changed = time.monotonic()
    started = changed
    while time.monotonic() - changed < quiet_s:
        if time.monotonic() - started > limit_s:
            return counts, False
        time.sleep(0.1)
        now, _ = upstream_counts(base)
        if now != counts:
            counts, changed = now, time.monotonic()
    return counts, True


H1_RE = re.compile(r"<h1[^>]*>(.*?)</h1>", re.S)
HREF_RE = re.compile(r'href="([^"]+)"')
TAG_RE = re.compile(r"<[^>]+>")
PAGE_KINDS = [  # (key, label, budgeted): every page type that asks PTV (issues 33 and 54), then one shown for information
    ("train", "train station", True), ("tram", "tram stop", True), ("bus", "bus stop", True),
    ("run", "run", True), ("ride", "ride (from and to)", True), ("nearby", "nearby (lat, lon)", True),
    ("place", "nearby (?place=)", True), ("search", "search", True), ("line", "line (no direction)", True),
    ("line_direction", "line (?direction=)", True), ("arrival", "arrival at a stop", True), ("walk", "walk to a stop", True),
    ("disruptions", "disruptions", True), ("favourites", "favourites (one stop)", True), ("home", "home (one favourite)", True),
    ("disruption", "one disruption", False),
]
# Pages that show the favourites: the stop is added first (POST /favourites), on an instance of its own (`time_cold_page`).
FAVOURITE_KINDS = ("favourites", "home")
# Pages whose warm start is a restart of an instance asked that page before (on a copy of the learnt database): a
# place searched for is kept in the database, so a warm /nearby?place= asks only for the stops near it.
ASKED_BEFORE_KINDS = ("place",)


def links_of(text, prefix):
    out = []
    for link in HREF_RE.findall(text):
        link = html.unescape(link)
        if link.startswith(prefix) and link not in out:
            out.append(link)
    return out


def spread(items, n, first=()):
    """n items: those in `first` that are present, then evenly spaced picks over the rest (not only the first few)."""
    chosen = [x for x in first if x in items][:n]
    rest = [x for x in items if x not in chosen]
    want = n - len(chosen)
    if want > 0 and rest:
        if want >= len(rest):
            chosen += rest
        else:
            step = (len(rest) - 1) / max(want - 1, 1)
            chosen += [rest[round(i * step)] for i in range(want)] if want > 1 else [rest[len(rest) // 2]]
    return chosen


def plan_cold_pages(warm, per_type, exclude):
    """Which pages to time, found from the site's own links on a warm instance with the same seed: stops from the
    nearby page of Flinders Street, the Frankston line and a search, and from the nearby pages those stops link;
    then from each chosen stop page its departures (ride pages, and the ride page's stops to get off at), its own
    nearby link and walk link and its name (the search query); from ride pages the run page, from run pages the
    line, from a line page its other direction; the disruptions page and its mode and disruption links."""
    pages = {}

    def fetch(path):
        if path not in pages:
            status, body, _ = get(warm, path)
            pages[path] = body.decode("utf-8", errors="replace") if status == 200 else None
        return pages[path]

    stops = {"train": [], "tram": [], "bus": []}
    seeds = ["/nearby?lat=-37.8183&lon=144.9671", "/lines/train/6", "/search?q=flinders"]
    for seed in seeds:
        for link in STOP_LINK_RE.findall(fetch(seed) or ""):
            mode = link.split("/")[2]
            if mode in stops and link not in stops[mode] and link not in exclude:
                stops[mode].append(link)
    # More stops from the nearby pages of a few of them, stations along the line included (the centre has few bus stops).
    for mode in ("bus", "tram", "train"):
        for stop in spread(list(stops[mode]), 3):
            for near in links_of(fetch(stop) or "", "/nearby?lat="):
                for link in STOP_LINK_RE.findall(fetch(near) or ""):
                    m = link.split("/")[2]
                    if m in stops and link not in stops[m] and link not in exclude:
                        stops[m].append(link)
    plan = {key: [] for key, _, _ in PAGE_KINDS}
    plan["train"] = spread(stops["train"], per_type, first=["/stops/train/1071"])
    plan["tram"] = spread(stops["tram"], per_type)
    plan["bus"] = spread(stops["bus"], per_type)
    # The other page types, from the chosen stops' pages taken in turn by mode (train, tram, bus, train, ...).
    in_turn = [s for trio in zip(plan["train"], plan["tram"], plan["bus"]) for s in trio]
    queries, lines = [], []
    for stop in in_turn:
        text = fetch(stop)
        if text is None:
            continue
        rides = []
        for link in links_of(text, "/ride/"):
            if all(r.split("?", 1)[0] != link.split("?", 1)[0] for r in rides):
                rides.append(link)
        if rides and len(plan["ride"]) < per_type:
            tos = [link for link in links_of(fetch(rides[0]) or "", rides[0].split("?", 1)[0] + "?") if "&to=" in link]
            if tos:
                plan["ride"].append(tos[len(tos) // 2])  # a stop part-way along, as a rider would choose
        if len(rides) > 1 and len(plan["run"]) < per_type:
            runs = links_of(fetch(rides[1]) or "", "/runs/")
            if runs:
                plan["run"].append(runs[0])
                lines += [link for link in links_of(fetch(runs[0]) or "", "/lines/") if link not in lines]
        for near in links_of(text, "/nearby?lat=")[:1]:
            if len(plan["nearby"]) < per_type:
                plan["nearby"].append(near)
        for walk in links_of(text, "/walk/")[:1]:
            if len(plan["walk"]) < max(per_type // 2, 1):
                plan["walk"].append(walk)
        match = H1_RE.search(text)
        if match:
            query = " ".join(html.unescape(TAG_RE.sub("", match.group(1))).split()[:2])
            if query and query.lower() not in (q.lower() for q in queries) and len(queries) < per_type:
                queries.append(query)
    plan["search"] = ["/search?" + urllib.parse.urlencode({"q": q}) for q in queries]
    # A place the search finds no match for is a 404 page, not the place page: only places the warm instance finds.
    plan["place"] = [path for path in ("/nearby?" + urllib.parse.urlencode({"place": q}) for q in queries) if fetch(path) is not None]
    plan["arrival"] = [stop.replace("/stops/", "/arrived/", 1) for stop in in_turn[:per_type]]
    # "/favourites#/stops/bus/123": the page, and the stop added to the browser's favourites first.
    for key in FAVOURITE_KINDS:
        plan[key] = [("/" if key == "home" else "/favourites") + "#" + stop for stop in in_turn[:per_type]]
    lines += [link for link in links_of(fetch("/search?q=flinders") or "", "/lines/") if link not in lines]
    plain = [link for link in lines if "?" not in link]
    by_mode = [[link for link in plain if link.split("/")[2] == mode] for mode in ("train", "tram", "bus")]
    plain = [link for group in itertools.zip_longest(*by_mode) for link in group if link]  # modes in turn
    plan["line"] = plain[:per_type]
    for line in plan["line"]:
        if len(plan["line_direction"]) >= per_type:
            break
        for link in links_of(fetch(line) or "", line + "?direction=")[:1]:
            plan["line_direction"].append(link)
    listing = fetch("/disruptions") or ""
    plan["disruptions"] = (["/disruptions"] + links_of(listing, "/disruptions?mode="))[:per_type]
    plan["disruption"] = spread([link for link in links_of(listing, "/disruptions/") if link.split("/")[2].isdigit()],
                                max(per_type // 2, 1))
    return plan


class Instance:
    """A Trakx of its own (fresh database, the simulator at the given latency), stopped by `close`."""

    def __init__(self, bin_path, workdir, name, latency_ms, serve_args, database_from=None):
        folder = os.path.join(workdir, name)
        os.makedirs(folder, exist_ok=True)
        if database_from:  # a copy of a database (and its -wal, -shm), so that the instance starts knowing what it holds
            source = os.path.dirname(database_from)
            for file in os.listdir(source):
                if file.startswith(os.path.basename(database_from)):
                    shutil.copyfile(os.path.join(source, file), os.path.join(folder, file.replace(os.path.basename(database_from), "trakx.sqlite")))
        self.log_path = os.path.join(folder, "log")
        self.log = open(self.log_path, "w")
        command = [bin_path, "serve", "--port", "0", "--database", os.path.join(folder, "trakx.sqlite"),
                   "--simulator-latency", str(int(latency_ms))] + serve_args
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT)
        self.base = None
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and self.process.poll() is None:
            with open(self.log_path) as f:
                match = re.search(r"^Trakx is running at (http://127\.0\.0\.1:\d+)/$", f.read(), re.M)
            if match:
                self.base = match.group(1)
                return
            time.sleep(0.05)
        self.close()
        with open(self.log_path) as f:
            raise SystemExit(f"Trakx ({name}) did not start:\n{f.read()}")

    def close(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def cmd_learn(args):
    """Makes a database that knows the network (the "warm" instances of `coldall` start on copies of it): a Trakx on its
    own database, the simulator answering at once and the network learner asking at `--network-pace`, until /healthz
    says every route on PTV's list is known; then stopped (SIGTERM: what it learnt is written before it exits)."""
    serve_args = args.serve_args[1:] if args.serve_args[:1] == ["--"] else args.serve_args
    instance = Instance(args.bin, args.workdir, "learnt", 0, serve_args + ["--network-pace", str(args.pace)])
    started, known = time.monotonic(), ""
    try:
        while time.monotonic() - started < args.limit:
            _, body, _ = get(instance.base, "/healthz")
            match = re.search(r'"network":"(\d+) of (\d+) routes known"', body.decode())
            known = match.group(0) if match else body.decode()
            if match and int(match.group(1)) == int(match.group(2)) > 0:
                break
            time.sleep(0.2)
        else:
            raise SystemExit(f"the network was not learnt within {args.limit:.0f} s: {known}")
        settle(instance.base, 1.0)
    finally:
        instance.close()
    print(f"  learnt in {time.monotonic() - started:.1f} s: {known}; database {os.path.join(args.workdir, 'learnt', 'trakx.sqlite')}")


def add_favourite(base, stop, jar):
    """Adds `stop` (/stops/MODE/ID) to a new browser's favourites as a browser does (the form token from /search, which
    asks PTV nothing); the browser's cookies are left in `jar` for the page."""
    curl = ["curl", "-s", "-b", jar, "-c", jar]
    subprocess.run(curl + ["-o", "/dev/null", base + "/search"], check=True)
    with open(jar) as f:  # the form token is the trakx_form cookie (curl's jar: tab-separated, the name then the value last)
        token = re.search(r"\ttrakx_form\t([0-9a-f]+)$", f.read(), re.M)
    if not token:
        raise SystemExit("no form token cookie from /search")
    _, mode, stop_id = stop.strip("/").split("/")[-3:]
    status = subprocess.run(curl + ["-o", "/dev/null", "-w", "%{http_code}", "-H", f"Origin: {base}",
                                    "--data-urlencode", f"token={token.group(1)}", "--data-urlencode", f"mode={mode}",
                                    "--data-urlencode", f"stop_id={stop_id}", base + "/favourites"],
                            capture_output=True, text=True, check=True).stdout
    if status != "303":
        raise SystemExit(f"adding {stop} to favourites answered {status}")


ROUNDS_RE = re.compile(r'desc="(\d+) PTV calls in (\d+) rounds"')


def time_cold_page(args, serve_args, path, name, database_from=None, asked_before=False):
    """One page on a Trakx of its own (see `cmd_coldall`), with the database `database_from` holds, if any; when
    `asked_before`, a Trakx of its own on that database is asked the page once first, and the page's instance starts
    on a copy of its database (a restart of an instance that has been asked it: a place searched for is kept)."""
    quiet = max(1.0, 3 * args.latency_ms / 1000)
    page, _, favourite = path.partition("#")
    jar = os.path.join(args.workdir, name + "-cookies")
    if favourite:
        # Added on an instance of its own, as adding asks PTV for the stop: the page's instance starts on its database
        # (a loopback Trakx keeps one list for every browser) with none of those answers in its cache.
        prep = Instance(args.bin, args.workdir, name + "-favourite", args.latency_ms, serve_args, database_from)
        try:
            add_favourite(prep.base, favourite, jar)
        finally:
            prep.close()
        database_from = os.path.join(args.workdir, name + "-favourite", "trakx.sqlite")
    elif asked_before:
        # Asked once on an instance of its own, left until what it learnt is written, then stopped (SIGTERM finishes
        # the writes): the page's instance starts on its database with none of its answers in its cache.
        prep = Instance(args.bin, args.workdir, name + "-asked", args.latency_ms, serve_args, database_from)
        try:
            status, _, _ = get(prep.base, page)
            if status != 200:
                raise SystemExit(f"asking {page} first answered {status}")
            settle(prep.base, quiet)
        finally:
            prep.close()
        database_from = os.path.join(args.workdir, name + "-asked", "trakx.sqlite")
    instance = Instance(args.bin, args.workdir, name, args.latency_ms, serve_args, database_from)
    try:
        code, seconds, _ = curl_timing(instance.base + args.warmup)
        _, quiet_ok = settle(instance.base, quiet)
        threads = thread_count(instance.process.pid)
        before, _ = upstream_counts(instance.base)
        out = subprocess.run(["curl", "-s", "-b", jar, "-o", "/dev/null", "-w", "%{http_code} %{time_total} %header{server-timing}",
                              instance.base + page], capture_output=True, text=True, check=True).stdout
        after, _ = upstream_counts(instance.base)
        final, settled = settle(instance.base, quiet)
    finally:
        instance.close()
    parts = out.split(" ", 2)
    status, page_s = int(parts[0]), float(parts[1])
    header = parts[2] if len(parts) > 2 else ""
    timing = {name: float(value) for name, value in SERVER_TIMING_RE.findall(header)}
    said = ROUNDS_RE.search(header)
    return {"path": path, "status": status, "ms": page_s * 1000, "calls": delta(after, before), "learnt": delta(final, after),
            "upstream_ms": timing.get("upstream"), "total_ms": timing.get("total"),
            "server_timing_calls": int(said.group(1)) if said else None,
            # Rounds as the page counted them (Server-Timing: spells with PTV calls in flight), and as its time says.
            "rounds": int(said.group(2)) if said else None,
            "round_trips": int(page_s * 1000 // args.latency_ms) if args.latency_ms else None,
            "settled": settled and quiet_ok, "warmup": f"{code} {seconds * 1000:.0f} ms", "threads_before": threads}


def cmd_coldall(args):
    """Method (see bench.sh, step 3b): the pages are planned on a warm instance (`--links-from`); then each one is
    timed on a Trakx started for it alone, with the simulator `--latency-ms` away and the network learner off, that has
    been asked one page of another kind first (a train station not in the sample: the first page after start pays
    one-off set-up) and has finished what that page learns in the background. Fresh: on a new database, so nothing the
    page needs is known, and a tram or bus stop is visited for the first time (its routes are learnt after it is sent).
    Warm (with `--learnt-db`): on a copy of a database where the learner has finished (`learn`), so the network is
    known; for a place (`ASKED_BEFORE_KINDS`), on a copy of the database of an instance (itself started on that copy)
    that was asked the place once, so the place searched for is known too. /metrics is read before the page, right after it (the page's own PTV calls) and once no call has completed
    for a while (what the page set learning in the background); the page's Server-Timing says its rounds."""
    serve_args = args.serve_args[1:] if args.serve_args[:1] == ["--"] else args.serve_args
    serve_args = serve_args + ["--no-learn-network"]
    plan = plan_cold_pages(args.links_from, args.per_type, set(args.exclude or []) | {args.warmup})
    with open(os.path.join(args.workdir, "cold-plan.json"), "w") as f:
        json.dump(plan, f, indent=2)
    starts = [("fresh", None)] + ([("warm", args.learnt_db)] if args.learnt_db else [])
    samples = {start: {key: [] for key, _, _ in PAGE_KINDS} for start, _ in starts}
    n = 0
    for key, label, _ in PAGE_KINDS:
        if not plan[key]:
            print(f"  {label}: no page found from the site's links")
        for path in plan[key]:
            for start, database in starts:
                n += 1
                # A place's warm instance is a restart of one that was asked the place (the match is kept).
                row = time_cold_page(args, serve_args, path, f"cold300-{n}", database,
                                     asked_before=start == "warm" and key in ASKED_BEFORE_KINDS)
                samples[start][key].append(row)
                shown = ", ".join(f"{k} {v}" for k, v in sorted(row["calls"].items())) or "none"
                later = ", ".join(f"{k} {v}" for k, v in sorted(row["learnt"].items())) or "none"
                print(f"  {start:5s} {key:14s} {path[:70]:70s} {row['status']} {row['ms']:7.1f} ms"
                      f"  PTV wait {row['upstream_ms'] if row['upstream_ms'] is not None else float('nan'):6.1f} ms in {row['rounds']} rounds"
                      f"  calls: {shown}  then learnt: {later}  (warm-up {row['warmup']}, then {row['threads_before']} threads)"
                      + ("" if row["settled"] else "  (background still busy)"))
    summary = {"latency_ms": args.latency_ms, "budget_ms": args.latency_ms * 1.2 + 10, "kinds": {}, "warm": {}}
    for start, _ in starts:
        into = summary["kinds"] if start == "fresh" else summary["warm"]
        for key, label, budgeted in PAGE_KINDS:
            into[key] = summarise(samples[start][key], label, budgeted)
    learning = [r for k in ("tram", "bus") for r in samples["fresh"][k]
                if r["learnt"].get("stops_on_route", 0) or r["learnt"].get("directions", 0)]
    summary["kinds"]["learning"] = summarise(learning, "tram and bus stops whose routes were being learnt", True)
    summary["order"] = [key for key, _, _ in PAGE_KINDS] + ["learning"]
    merge_results(args.results, args.key, summary)


def thread_count(pid):
    """The instance's threads (its transfer threads among them: the pool starts them as transfers come)."""
    return len(os.listdir(f"/proc/{pid}/task"))


def summarise(rows, label, budgeted):
    good = [r for r in rows if r["status"] == 200]
    calls = [total_calls(r["calls"]) for r in good]
    endpoints = sorted({k for r in good for k in r["calls"]})
    return {
        "label": label, "budgeted": budgeted, "rows": rows, "count": len(good), "errors": len(rows) - len(good),
        "median_ms": statistics.median([r["ms"] for r in good]) if good else None,
        "max_ms": max(r["ms"] for r in good) if good else None,
        "calls_min": min(calls) if calls else None, "calls_max": max(calls) if calls else None,
        "endpoints": endpoints,
        "round_trips_max": max((r["round_trips"] for r in good if r["round_trips"] is not None), default=None),
        "rounds_min": min((r["rounds"] for r in good if r.get("rounds") is not None), default=None),
        "rounds_max": max((r["rounds"] for r in good if r.get("rounds") is not None), default=None),
        "learnt_max": max((total_calls(r["learnt"]) for r in good), default=None),
    }


def cmd_warm(args):
    """Makes a page warm: fetched (a tram or bus stop sets its routes learning), then again once nothing more is
    learnt, until it is answered from the page store (no Server-Timing header: the chain did not run)."""
    for attempt in range(1, 21):
        headers = {"Accept": "text/html"}
        if args.accept_encoding:
            headers["Accept-Encoding"] = args.accept_encoding
        if args.cookie:
            headers["Cookie"] = args.cookie
        request = urllib.request.Request(args.base.rstrip("/") + args.path, headers=headers)
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
            stored = response.headers.get("Server-Timing") is None
        if stored:
            print(f"  {args.path}: answered from the page store after {attempt} requests")
            if args.save:
                # As `curl -D -` saves it, for Scripts/mhd_hello.c to replay: the stored page's own bytes.
                head = f"HTTP/1.1 {response.status} {response.reason}\r\n" + "".join(
                    f"{name}: {value}\r\n" for name, value in response.headers.items()) + "\r\n"
                with open(args.save, "wb") as saved:
                    saved.write(head.encode("latin-1") + body)
            return
        settle(args.base, 0.3, limit_s=10)
    raise SystemExit(f"{args.path} is still not answered from the page store after 20 requests")

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


# Each subcommand: its function, its arguments (name, then argparse's keywords), and whether it records a figure
# (then it takes --key, the figure's name, and --results, the JSON file it is merged into).
REST = "-- then more `serve` options"
COMMANDS = {
    "ticks": (cmd_ticks, [("pid", {"type": int})], False),
    "wrk": (cmd_wrk, [("file", {}),
                                  ("--pid", {"type": int, "help": "server process, for its CPU time per request"}),
                                  ("--ticks-before", {"type": int, "help": "its CPU ticks (`ticks PID`) before wrk started"})], True),
    "discover": (cmd_discover, [("base", {})], False),
    "cold": (cmd_cold, [("base", {}), ("--stops", {"nargs": "+", "required": True}),
                                     ("--latency-ms", {"type": float, "required": True})], True),
    "coldall": (cmd_coldall, [
        ("--links-from", {"required": True, "help": "a warm instance with the same seed, to find the pages on"}),
        ("--bin", {"required": True}), ("--workdir", {"required": True}),
        ("--latency-ms", {"type": float, "required": True}), ("--per-type", {"type": int, "default": 4}),
        ("--warmup", {"required": True, "help": "a train station not in the sample, asked first of each instance"}),
        ("--exclude", {"nargs": "*", "help": "paths not to sample"}),
        ("--learnt-db", {"help": "a database that knows the network (`learn`): each page is timed again on a copy of it"}),
        ("serve_args", {"nargs": argparse.REMAINDER, "help": REST})], True),
    "learn": (cmd_learn, [
        ("--bin", {"required": True}), ("--workdir", {"required": True}),
        ("--pace", {"type": float, "default": 0.02, "help": "seconds between the learner's questions"}),
        ("--limit", {"type": float, "default": 300, "help": "the most seconds to wait"}),
        ("serve_args", {"nargs": argparse.REMAINDER, "help": REST})], False),
    "warm": (cmd_warm, [("base", {}), ("path", {}),
                        ("--save", {"help": "write the stored response there, headers and body, as curl -D - saves it"}),
                        ("--accept-encoding", {"default": "", "help": "the Accept-Encoding to send (the saved body is as sent)"}),
                        ("--cookie", {"default": "", "help": "the Cookie header to send, as a returning browser does"})], False),
    "burst": (cmd_burst, [("base", {}), ("path", {}), ("-n", {"type": int, "default": 200})], True),
    "startup": (cmd_startup, [
        ("--bin", {"required": True}), ("--cwd", {"required": True}), ("--workdir", {"required": True}),
        ("--runs", {"type": int, "default": 3}), ("--timeout", {"type": float, "default": 10}),
        ("extra", {"nargs": argparse.REMAINDER, "help": REST})], True),
    "pages": (cmd_pages, [("base", {}), ("--css-dir", {"required": True}), ("--raw", {"required": True})], True),
    "stale": (cmd_stale, [
        ("base", {}), ("path", {}),
        ("--ready-at", {"type": float, "required": True, "help": "epoch seconds after which the copy has expired"})], True),
    "rss": (cmd_rss, [("pid", {"type": int}), ("--requests-file", {}),
                                   ("--requests-total", {"type": int})], True),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (func, arguments, records) in COMMANDS.items():
        p = sub.add_parser(name)
        for argument, options in arguments:
            p.add_argument(argument, **options)
        if records:
            p.add_argument("--key", required=True)
            p.add_argument("--results", required=True)
        p.set_defaults(func=func)
    args = parser.parse_args()
    if getattr(args, "extra", None) and args.extra[0] == "--":
        args.extra = args.extra[1:]
    args.func(args)


if __name__ == "__main__":
    main()
