#!/usr/bin/env python3
"""One browser's keep-alive connection, for make bench's instruction rows (Scripts/bench_instructions.sh): asks for PATH
N times with Chromium's navigation headers, gzip accepted, and sends back the cookie the first answer sets, as a browser
does. Prints the last body's size, its Content-Encoding and the cookie.

    bench_browser.py HOST PORT PATH N
"""
import http.client
import sys

HEADERS = [
    ("Connection", "keep-alive"),
    ("sec-ch-ua", '"Chromium";v="131", "Not_A Brand";v="24"'),
    ("sec-ch-ua-mobile", "?0"),
    ("sec-ch-ua-platform", '"Linux"'),
    ("Upgrade-Insecure-Requests", "1"),
    ("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"),
    ("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8"),
    ("Sec-Fetch-Site", "same-origin"),
    ("Sec-Fetch-Mode", "navigate"),
    ("Sec-Fetch-User", "?1"),
    ("Sec-Fetch-Dest", "document"),
    ("Accept-Encoding", "gzip, deflate, br, zstd"),
    ("Accept-Language", "en-AU,en;q=0.9"),
]


def main():
    host, port, path, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    connection = http.client.HTTPConnection(host, port)
    cookie, body, response = None, b"", None
    for _ in range(count):
        connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", f"{host}:{port}")
        for name, value in HEADERS:
            connection.putheader(name, value)
        if cookie:
            connection.putheader("Cookie", cookie)
        connection.endheaders()
        response = connection.getresponse()
        body = response.read()
        if response.status != 200:
            raise SystemExit(f"{path} answered {response.status}")
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                cookie = value.split(";", 1)[0]
    print(len(body), response.getheader("Content-Encoding") if response else None, cookie)


if __name__ == "__main__":
    main()
