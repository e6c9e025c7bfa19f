#!/usr/bin/env python3
"""make bench's instruction rows (Scripts/bench_instructions.sh says what is counted): reads callgrind's dumps of the C
hello and of Trakx at the default and warning log levels, prints each one's instructions per request and Trakx's parts
line by line, and exits 1 when hello ÷ warm page (the access log on) is under 0.8.

    bench_callgrind.py N HELLO_DUMP DEFAULT_DUMP WARNING_DUMP
"""
import re
import subprocess
import sys

BUDGET = 0.8

# Trakx's parts of a warm request, by a piece of each function's symbol (inclusive counts). The first three are called
# inside the access handler, so they are shown under it and not added twice.
PARTS = [
    ("the visitor rules (Host, cookies, form token)", "8VisitorsC10HTTPServer04WarmB0AadEP7visitor", True),
    ("the page store's lookup", "9PageStoreC4pageyAC0B0CSgAC3KeyVF", True),
    ("the response made ready for the visitor", "13ReadyResponseC7prepare", True),
    ("Accept-Encoding read", "13ContentCodingO11acceptsGzip", True),
    ("the headers gathered (libmicrohttpd's list)", "MHD_get_connection_values_n", True),
    ("the response queued (libmicrohttpd)", "MHD_queue_response", True),
]


def inclusive(dump):
    """Every function's inclusive instructions, by symbol (the first, non-recursive entry of each)."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", dump],
                          capture_output=True, text=True, check=True).stdout
    costs, total = {}, 0
    for line in text.splitlines():
        match = re.match(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(\S.*?)(?: \[.*\])?$", line)
        if not match:
            continue
        value, symbol = int(match.group(1).replace(",", "")), match.group(2)
        if symbol == "PROGRAM TOTALS":
            total = value
        elif symbol not in costs:
            costs[symbol] = value
    return total, costs


def exclusive(dump, piece):
    text = subprocess.run(["callgrind_annotate", "--threshold=100", dump], capture_output=True, text=True, check=True).stdout
    return sum(int(m.group(1).replace(",", "")) for m in re.finditer(r"^\s*([\d,]+)\s+\(.*" + re.escape(piece), text, re.M))


def find(costs, piece):
    """The inclusive cost of the first function whose symbol holds `piece` and is not a recursion's inner entry."""
    return next((value for symbol, value in costs.items() if piece in symbol and "'" not in symbol.split(":")[-1]), 0)


def main():
    n = int(sys.argv[1])
    hello_total, _ = inclusive(sys.argv[2])
    hello_memset = exclusive(sys.argv[2], "memset")
    rows, ratio = [], None
    print(f"| I1. user-space instructions a request, one keep-alive connection as Chromium asks ({n} requests, callgrind) | per request |")
    print("|---|---|")
    print(f"| C libmicrohttpd hello | {hello_total / n:,.0f} |")
    print(f"|   of which libmicrohttpd's pool reset (memset of the connection's 32 KiB) | {hello_memset / n:,.0f} |")
    for name, dump in (("default log level (the access log on)", sys.argv[3]), ("--log-level warning", sys.argv[4])):
        total, costs = inclusive(dump)
        renders = find(costs, ":swift_job_run")
        warm = total - renders
        memset = exclusive(dump, "memset")
        access = find(costs, "10HTTPServer6access33_")
        writer = find(costs, "9AccessLogC3run")
        completed = find(costs, "12mhdCompletedyySvSg_s13OpaquePointerVSpyACGSo26MHD_RequestTerminationCodeVtFTo")
        mine = access + writer + completed
        page_ratio = hello_total / warm if warm else 0
        if ratio is None:
            ratio = page_ratio
        print(f"| Trakx warm stop page, {name} | {warm / n:,.0f} (hello ÷ page {page_ratio:.3f}) |")
        print(f"|   renders in the window, left out (the page's expiry; see bench_instructions.sh) | {renders / n:,.0f} |")
        print(f"|   libmicrohttpd's pool reset (memset) | {memset / n:,.0f} |")
        print(f"|   libmicrohttpd and libc besides (parsing, sending, epoll, locks) | {(warm - memset - mine) / n:,.0f} |")
        print(f"|   Trakx's access handler, in all | {access / n:,.0f} |")
        for label, piece, _ in PARTS:
            print(f"|     {label} | {find(costs, piece) / n:,.0f} |")
        print(f"|   the access log's writer thread | {writer / n:,.0f} |")
        print(f"|   the request's end (the response given back to its page) | {completed / n:,.0f} |")
    verdict = "PASS" if ratio >= BUDGET else "FAIL"
    print(f"| I1. budget: hello ÷ warm page at the default log level >= {BUDGET} | {ratio:.3f} {verdict} |")
    return 0 if ratio >= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
