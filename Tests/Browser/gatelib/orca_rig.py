"""The screen-reader rig: Orca (GNOME's screen reader) listening to Chromium under Xvfb, every utterance
written to a transcript. Started once for all the journeys (gatelib/orca_journeys.py), stopped by the ids
of the processes it started.

    session D-Bus  -> AT-SPI bus (at-spi-bus-launcher) -> Xvfb -> openbox -> speech-dispatcher -> Orca
    -> Chromium (chromedriver, --force-renderer-accessibility, not headless)

Speech: speech-dispatcher's sd_generic module runs orca_say.sh as its "synthesiser"; the script appends
each utterance (after speech-dispatcher has turned punctuation into words at Orca's level) to the
transcript with the time, and sleeps as long as the words take at 175 words a minute, so Orca waits for
speech as it would for a voice. Keys go to Chromium's window as real X key presses (xdotool); navigation
by WebDriver (DevTools), so no address typing is heard.

Everything lives in a temporary folder (HOME, XDG folders, sockets, settings); nothing outside it is
read or written except the Debian programs themselves."""

import json
import os
import shutil
import signal
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SAY = os.path.join(HERE, "orca_say.sh")
WPM = 175


class RigError(Exception):
    """The rig could not start (a program missing or not answering)."""


ORCA_SETTINGS = {
    "general": {
        "firstStart": False,
        "startingProfile": ["Default", "default"],
        "activeProfile": ["Default", "default"],
        "keyboardLayout": 1,          # desktop: Insert is the Orca key
        "enableSpeech": True,
        "speechServerFactory": "speechdispatcherfactory",
        "enableBraille": False,
        "enableSound": False,
        "enableKeyEcho": False,       # the rider's own key names are not what the page says
        "enableTutorialMessages": False,
    },
    "profiles": {"default": {"profile": ["Default", "default"]}},
    "pronunciations": {},
    "keybindings": {},
}

SPEECHD_CONF = """LogLevel 2
LogDir "{logdir}"
DefaultVolume 100
DefaultRate 0
DefaultLanguage "en"
SymbolsPreproc "char"
SymbolsPreprocFile "gender-neutral.dic"
SymbolsPreprocFile "font-variants.dic"
SymbolsPreprocFile "symbols.dic"
SymbolsPreprocFile "emojis.dic"
SymbolsPreprocFile "orca.dic"
SymbolsPreprocFile "orca-chars.dic"
AddModule "transcript" "sd_generic" "transcript.conf"
DefaultModule "transcript"
AudioOutputMethod "libao"
"""

MODULE_CONF = """GenericExecuteSynth "{say} {transcript} {wpm} \\'$DATA\\'"
GenericLanguage "en" "en" "utf-8"
GenericPunctNone ""
GenericPunctSome ""
GenericPunctMost ""
GenericPunctAll ""
GenericStripPunctChars ""
GenericMaxChunkLength 2000
GenericDelimiters ""
AddVoice "en" "MALE1" "en"
"""


class Rig:
    def __init__(self, out_dir, log=print):
        self.out, self.log = out_dir, log
        self.tmp = tempfile.mkdtemp(prefix="trakx-orca.")
        self.procs = []          # (name, Popen), started in this order, stopped in reverse
        self.transcript = os.path.join(self.tmp, "transcript.txt")
        self.env = None
        self.driver = None
        self.window = None

    # ------------------------------------------------------------------ start

    def start(self):
        t0 = time.time()
        home = os.path.join(self.tmp, "home")
        run = os.path.join(self.tmp, "run")
        for d in (home, run, os.path.join(home, ".config", "speech-dispatcher", "modules"),
                  os.path.join(self.tmp, "orca"), os.path.join(self.tmp, "logs")):
            os.makedirs(d, mode=0o700, exist_ok=True)
        open(self.transcript, "w").close()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DBUS_", "XDG_", "DISPLAY", "AT_SPI"))}
        env.update(HOME=home, XDG_RUNTIME_DIR=run, XDG_CONFIG_HOME=os.path.join(home, ".config"),
                   XDG_DATA_HOME=os.path.join(home, ".local", "share"), XDG_CACHE_HOME=os.path.join(home, ".cache"),
                   GNOME_ACCESSIBILITY="1", ACCESSIBILITY_ENABLED="1", QT_ACCESSIBILITY="1",
                   NO_AT_BRIDGE="0", GTK_MODULES="gail:atk-bridge", LANG="en_AU.UTF-8", LC_ALL="C.UTF-8",
                   SPEECHD_ADDRESS="unix_socket:" + os.path.join(run, "speechd.sock"))
        self.env = env
        # 1. session bus
        bus = os.path.join(run, "bus")
        self._spawn("dbus-daemon", ["dbus-daemon", "--session", "--nofork", "--nopidfile",
                                    f"--address=unix:path={bus}"])
        env["DBUS_SESSION_BUS_ADDRESS"] = f"unix:path={bus}"
        self._wait(lambda: os.path.exists(bus), "the session D-Bus socket")
        # 2. X server (the display number it picks, told through a pipe), window manager
        r, w = os.pipe()
        self._spawn("Xvfb", ["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x1024x24", "-nolisten", "tcp",
                             "-noreset"], pass_fds=(w,))
        os.close(w)
        num = b""
        end = time.time() + 20
        while not num.endswith(b"\n") and time.time() < end:
            chunk = os.read(r, 16)
            if not chunk:
                break
            num += chunk
        os.close(r)
        if not num.strip():
            raise RigError("Xvfb did not report its display")
        env["DISPLAY"] = ":" + num.decode().strip()
        # 3. accessibility bus (it also starts the registry daemon), told to the session bus
        launcher = _first(["/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher"])
        self._spawn("at-spi-bus-launcher", [launcher, "--launch-immediately"])
        self._wait(lambda: self._a11y_bus(), "the AT-SPI bus")
        self._spawn("openbox", ["openbox", "--sm-disable"])
        # 4. speech: speech-dispatcher with the transcript "synthesiser"
        cfg = os.path.join(home, ".config", "speech-dispatcher")
        with open(os.path.join(home, ".libao"), "w") as f:
            f.write("default_driver=null\n")   # no sound card: the module's audio goes nowhere
        with open(os.path.join(cfg, "speechd.conf"), "w") as f:
            f.write(SPEECHD_CONF.format(logdir=os.path.join(self.tmp, "logs")))
        with open(os.path.join(cfg, "modules", "transcript.conf"), "w") as f:
            f.write(MODULE_CONF.format(say=SAY, transcript=self.transcript, wpm=WPM))
        sock = os.path.join(run, "speechd.sock")
        self._spawn("speech-dispatcher", ["speech-dispatcher", "-s", "-t", "0", "-C", cfg, "-S", sock,
                                          "-c", "unix_socket", "-L", os.path.join(self.tmp, "logs")])
        self._wait(lambda: os.path.exists(sock), "speech-dispatcher's socket")
        # 5. Orca, with a settings file (no first-start set-up; default punctuation, verbosity, keys)
        prefs = os.path.join(self.tmp, "orca")
        if not os.path.exists("/usr/bin/orca"):
            raise RigError("orca is not installed (Tests/Browser/install.sh installs it)")
        with open(os.path.join(prefs, "user-settings.conf"), "w") as f:
            json.dump(ORCA_SETTINGS, f, indent=1)
        self.orca_debug = os.path.join(self.tmp, "orca-debug.txt")
        debug = ["--debug-file", self.orca_debug] if os.environ.get("GATE_ORCA_DEBUG") else []
        # not /usr/bin/orca: it refuses to start beside any other "orca" process of this user, and --replace
        # kills them all (another gate run's, anyone's); orca_launch.py starts it without either
        self._spawn("orca", ["/usr/bin/python3", os.path.join(HERE, "orca_launch.py"), "-u", prefs, *debug])
        self._wait(lambda: self.heard(), "Orca to speak (\"Screen reader on\")", timeout=60)
        # 6. Chromium, accessible to Orca, through chromedriver
        self.driver = self._chromium()
        self.log(f"orca rig up in {time.time() - t0:.1f}s (display {env['DISPLAY']}, {self.tmp})")
        return self

    def _a11y_bus(self):
        r = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                            "org.a11y.Bus.GetAddress"], env=self.env, capture_output=True, text=True, timeout=5)
        return r.returncode == 0

    def _chromium(self):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from . import tools
        o = webdriver.ChromeOptions()
        o.binary_location = tools.chromium()
        for f in ["--force-renderer-accessibility", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                  "--start-maximized", "--window-position=0,0", "--window-size=1280,1024", "--lang=en-AU",
                  "--no-first-run", "--no-default-browser-check", "--mute-audio", "--password-store=basic",
                  "--proxy-server=http://127.0.0.1:9", "--disable-session-crashed-bubble",
                  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.*",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-default-apps", "--disable-extensions", "--disable-breakpad", "--no-pings",
                  "--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication",
                  f"--user-data-dir={os.path.join(self.tmp, 'chromium')}"]:
            o.add_argument(f)
        o.add_experimental_option("prefs", {"intl.accept_languages": "en-AU,en", "translate.enabled": False,
                                            "credentials_enable_service": False})
        o.add_experimental_option("excludeSwitches", ["enable-automation"])
        service = Service(executable_path=tools.chromedriver(), log_output=subprocess.DEVNULL, env=self.env)
        d = webdriver.Chrome(service=service, options=o)
        if service.process is not None:
            self.procs.append(("chromedriver", service.process))
        d.set_page_load_timeout(30)
        self.window = self._xdotool("search", "--sync", "--onlyvisible", "--class", "chromium").split()[0]
        return d

    # ------------------------------------------------------------------ use

    def heard(self):
        """The transcript so far: [(seconds since the epoch, text)]."""
        out = []
        with open(self.transcript, encoding="utf-8", errors="replace") as f:
            for ln in f:
                t, _, text = ln.rstrip("\n").partition("\t")
                try:
                    out.append((float(t), text))
                except ValueError:
                    pass
        return out

    def _xdotool(self, *args):
        r = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30)
        return r.stdout.strip()

    def key(self, *keys):
        """Real key presses to Chromium's window (xdotool: X events that Orca sees as a rider's keys)."""
        self._xdotool("windowactivate", "--sync", self.window)
        for k in keys:
            self._xdotool("key", "--clearmodifiers", k)
            time.sleep(0.15)

    def quiet(self, settle=1.2, timeout=60):
        """Wait until nothing new has been heard for `settle` seconds (speech included: the synthesiser
        takes as long as the words), at most `timeout` seconds."""
        end = time.time() + timeout
        n, since = len(self.heard()), time.time()
        while time.time() < end:
            time.sleep(0.2)
            m = len(self.heard())
            if m != n:
                n, since = m, time.time()
            elif time.time() - since >= settle and not self._speaking():
                return
        return

    def _speaking(self):
        return os.path.exists(self.transcript + ".speaking")

    # ------------------------------------------------------------------ stop

    def _spawn(self, name, argv, pass_fds=()):
        if not shutil.which(argv[0]) and not os.path.exists(argv[0]):
            raise RigError(f"{argv[0]} is not installed (Tests/Browser/install.sh installs it)")
        logf = open(os.path.join(self.tmp, "logs", f"{name}.log"), "ab")
        p = subprocess.Popen(argv, env=self.env, stdout=logf, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                             pass_fds=pass_fds, start_new_session=True)
        self.procs.append((name, p))
        return p

    def _wait(self, ok, what, timeout=20):
        end = time.time() + timeout
        while time.time() < end:
            try:
                if ok():
                    return
            except Exception:  # noqa: BLE001  (not up yet)
                pass
            time.sleep(0.1)
        raise RigError(f"timed out waiting for {what}; logs in {os.path.join(self.tmp, 'logs')}")

    def stop(self, keep=None):
        """Stops what it started, newest first: each process's own group (the children that D-Bus or
        chromedriver started for it) by its id, then removes the folder (the transcript and logs are
        copied to `keep` first)."""
        if self.driver is not None:
            try:
                self.driver.quit()
            except Exception:  # noqa: BLE001
                pass
        for name, p in reversed(self.procs):
            for sig in (signal.SIGTERM, signal.SIGKILL):
                try:
                    os.killpg(p.pid, sig) if name != "chromedriver" else p.send_signal(sig)
                except (ProcessLookupError, PermissionError):
                    break
                try:
                    p.wait(timeout=5)
                    break
                except subprocess.TimeoutExpired:
                    continue
        if keep:
            os.makedirs(keep, exist_ok=True)
            for name in ("transcript.txt", "orca-debug.txt"):
                src = os.path.join(self.tmp, name)
                if os.path.exists(src):
                    shutil.copy(src, os.path.join(keep, "orca-" + name if not name.startswith("orca") else name))
            logs = os.path.join(self.tmp, "logs")
            if os.path.isdir(logs):
                shutil.copytree(logs, os.path.join(keep, "orca-logs"), dirs_exist_ok=True)
        shutil.rmtree(self.tmp, ignore_errors=True)


def _first(paths):
    for p in paths:
        if os.path.exists(p):
            return p
    return paths[0]
