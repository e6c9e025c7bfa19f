"""Headless Chromium (Debian's chromium and chromium-driver) through Selenium, kept offline: a dead
proxy for every non-loopback host, no DNS, background networking off."""

import os
import subprocess
import time

os.environ.setdefault("SE_OFFLINE", "true")       # Selenium Manager must never download anything
os.environ.setdefault("SE_AVOID_STATS", "true")
for _k in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
    os.environ.pop(_k, None)
os.environ["no_proxy"] = os.environ["NO_PROXY"] = "localhost,127.0.0.1,::1"

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from . import tools  # noqa: E402

WIDTH, HEIGHT = 1280, 800


def start(js=True):
    """A headless Chromium (JavaScript on or off) at 1280x800, light scheme, offline."""
    o = webdriver.ChromeOptions()
    o.binary_location = tools.chromium()
    for f in [
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
        f"--window-size={WIDTH},{HEIGHT}", "--hide-scrollbars", "--force-device-scale-factor=1",
        "--lang=en-AU", "--no-first-run", "--no-default-browser-check", "--mute-audio",
        "--proxy-server=http://127.0.0.1:9",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.*, EXCLUDE ::1, EXCLUDE [::1]",
        "--disable-background-networking", "--disable-component-update", "--disable-domain-reliability",
        "--disable-client-side-phishing-detection", "--disable-sync", "--disable-default-apps",
        "--disable-extensions", "--disable-breakpad", "--no-pings", "--metrics-recording-only",
        "--disable-features=Translate,OptimizationHints,OptimizationGuideModelDownloading,MediaRouter,"
        "DialMediaRouteProvider,AutofillServerCommunication,InterestFeedContentSuggestions,"
        "PrivacySandboxSettings4,NetworkTimeServiceQuerying",
    ]:
        o.add_argument(f)
    prefs = {"intl.accept_languages": "en-AU,en", "translate.enabled": False, "safebrowsing.enabled": False,
             "profile.password_manager_enabled": False, "credentials_enable_service": False}
    if not js:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    o.add_experimental_option("prefs", prefs)
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    o.unhandled_prompt_behavior = "dismiss"
    d = webdriver.Chrome(service=Service(executable_path=tools.chromedriver(), log_output=subprocess.DEVNULL),
                         options=o)
    d.set_page_load_timeout(30)
    d.set_script_timeout(60)
    set_scheme(d, "light")
    set_width(d, WIDTH)
    return d


def set_scheme(d, scheme):
    """prefers-color-scheme for this tab (DevTools Emulation.setEmulatedMedia; works with JavaScript off)."""
    d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                      {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def set_width(d, width, height=HEIGHT):
    """Viewport width in CSS px (DevTools device metrics: reliable below the window's minimum)."""
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def load(d, url, timeout=30):
    d.get(url)
    end = time.time() + timeout
    while time.time() < end:
        if d.execute_script("return document.readyState") == "complete":
            break
        time.sleep(0.03)


def reset_focus(d):
    d.execute_script("if (document.activeElement && document.activeElement.blur) document.activeElement.blur();"
                     " window.scrollTo(0, 0);")


def press(d, *keys):
    """Real key presses (WebDriver actions: trusted keydown/keyup events)."""
    ActionChains(d).send_keys(*keys).perform()


def tab(d, shift=False):
    if shift:
        ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    else:
        ActionChains(d).send_keys(Keys.TAB).perform()


def console_errors(d):
    """SEVERE browser console entries since the last call (the browser's own /favicon.ico ignored)."""
    try:
        logs = d.get_log("browser")
    except Exception:  # noqa: BLE001
        return []
    return [e.get("message", "")[:300] for e in logs
            if e.get("level") == "SEVERE" and "/favicon.ico" not in (e.get("message") or "")]


LIVE_REGION_RECORDER = """
window.__heard = [];
const region = document.getElementById(REGION);
new MutationObserver(function () {
  const text = region.textContent.trim();
  if (text) window.__heard.push(text);
}).observe(region, {childList: true, characterData: true, subtree: true});
"""


def live_region_recorder(region_id):
    """JavaScript that keeps each non-empty text the live region `region_id` shows, in order, in window.__heard."""
    return LIVE_REGION_RECORDER.replace("REGION", repr(region_id))
