"""A loopback reverse proxy in front of Trakx, so check.py (which fails any non-2xx URL)
can test error pages: a URL under /as-200/ is fetched from Trakx without the prefix and
answered with status 200 and the same body and headers; every other URL (the CSS, the
scripts) passes through unchanged, so the browser sees the styled page."""

import http.client
import http.server
import threading
import urllib.parse

PREFIX = "/as-200"
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "te", "trailer",
              "upgrade", "proxy-authenticate", "proxy-authorization"}


class As200Proxy:
    def __init__(self, upstream):
        u = urllib.parse.urlsplit(upstream)
        self.up_host, self.up_port = u.hostname, u.port
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a):  # quiet
                pass

            def _forward(self, method):
                path, status_override = self.path, None
                if path == PREFIX or path.startswith(PREFIX + "/"):
                    path, status_override = path[len(PREFIX):] or "/", 200
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                headers = {k: v for k, v in self.headers.items()
                           if k.lower() not in HOP_BY_HOP and k.lower() not in ("host", "origin", "referer")}
                headers["Host"] = f"{proxy.up_host}:{proxy.up_port}"
                conn = http.client.HTTPConnection(proxy.up_host, proxy.up_port, timeout=30)
                try:
                    conn.request(method, path, body=body, headers=headers)
                    r = conn.getresponse()
                    data = r.read()
                    self.send_response(status_override or r.status)
                    for k, v in r.getheaders():
                        if k.lower() not in HOP_BY_HOP:
                            self.send_header(k, v)
                    self.send_header("Content-Length", str(len(data)))
                    if status_override:
                        self.send_header("X-Gate-Upstream-Status", str(r.status))
                    self.end_headers()
                    if method != "HEAD":
                        self.wfile.write(data)
                finally:
                    conn.close()

            def do_GET(self):  # noqa: N802
                self._forward("GET")

            def do_HEAD(self):  # noqa: N802
                self._forward("HEAD")

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def start(self):
        self.thread.start()
        return self

    def url_as_200(self, path):
        return self.base + PREFIX + path

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
