"""Starts Orca as /usr/bin/orca does, for the screen-reader rig (run with the system's python3):

    python3 orca_launch.py -u PREFS_DIR [--debug-file FILE]

Two differences, so several rigs (other gate runs on the same machine, other users' Orca) can run at once:
/usr/bin/orca refuses to start while any other process of this user is named "orca" (and --replace kills
them all), so here no other Orca is looked for or killed; and the process is named "trakx-orca", so
another Orca does not find this one either. The rig stops it by its process id."""

import sys

LAUNCHER = "/usr/bin/orca"

with open(LAUNCHER, encoding="utf-8") as f:
    code = compile(f.read(), LAUNCHER, "exec")
ns = {"__name__": "orca_launcher", "__file__": LAUNCHER}
exec(code, ns)  # defines the launcher's functions; its main() runs only under __main__
set_name = ns["setProcessName"]
ns["setProcessName"] = lambda name: set_name("trakx-orca")
ns["otherOrcas"] = lambda: []
sys.argv[0] = LAUNCHER
sys.exit(ns["main"]())
