#!/usr/bin/env python3
"""Listen to Trakx through Orca by hand (see README.md, "The screen reader"):

    listen_orca.py BASE_URL                         # every journey, transcripts in --out
    listen_orca.py BASE_URL --journey board ride    # some journeys
    listen_orca.py BASE_URL --page /stops/train/1071 --keys h Down Down --seconds 20
                                                    # one page: Orca reads it, then these keys

Prints what Orca said (one utterance a line, after speech-dispatcher's punctuation words)."""

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from gatelib import orca_gate, orca_rig  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("base")
    ap.add_argument("--journey", nargs="*", help="board search ride disruptions favourite door-to-door boarding ptv-failing")
    ap.add_argument("--failing", help="a Trakx whose PTV fails (--demo-fault message-only), for the ptv-failing journey")
    ap.add_argument("--page", help="a path to open and listen to")
    ap.add_argument("--keys", nargs="*", default=[], help="xdotool key names pressed after the page loads")
    ap.add_argument("--seconds", type=float, default=15, help="how long to let Orca read before the keys")
    ap.add_argument("--selftest", action="store_true", help="first the journeys on selftest/orca/ (broken)")
    ap.add_argument("--out", default=os.path.join(HERE, "..", "..", ".build", "a11y-gate"))
    a = ap.parse_args()
    base = a.base.rstrip("/")
    if not a.page:
        missed, res = orca_gate.run(base, a.out, print, only=a.journey, selftest=a.selftest,
                                     failing=a.failing.rstrip("/") if a.failing else None)
        for m in missed:
            print("SELF-TEST MISSED: " + m)
        for h in res:
            print(f"== {h.line()}")
            for u in h.utterances:
                print("   " + u)
            for p in h.problems:
                print("   PROBLEM: " + p)
        return 1 if missed or any(h.problems for h in res) else 0
    rig = orca_rig.Rig(a.out, log=print).start()
    try:
        mark = len(rig.heard())
        rig.driver.get(base + a.page)
        time.sleep(a.seconds)
        for k in a.keys:
            rig.key(k)
            rig.quiet(settle=1.0, timeout=30)
        t0 = None
        for t, u in rig.heard()[mark:]:
            t0 = t0 or t
            print(f"{t - t0:6.1f}s  {u}")
    finally:
        rig.stop(keep=os.path.join(a.out, "orca"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
