#!/usr/bin/env python3
"""A Web Push service of the tests' own, on loopback (issue 32), written with Python's `cryptography`, not Trakx's code.

It makes each test subscription's P-256 key pair and auth secret, and for every push it receives it checks the
RFC 8292 VAPID header (an ES256 JWT for this service's origin, signed by the key in `k=`), the RFC 8030 headers
(TTL, Urgency) and decrypts the RFC 8291 aes128gcm body. A push that fails a check is answered 400 and kept as an
error. Tests drive it over HTTP:

  GET  /new/NAME                    a new subscription: {"endpoint", "p256dh", "auth"} (JSON)
  GET  /new/NAME?tls=1              the same with an https endpoint (needs --tls)
  POST /push/NAME                   a push (what Trakx sends)
  GET  /messages/NAME               what NAME received, decrypted, in order: [{"payload", "ttl", "urgency", "topic"}]
  GET  /errors                      pushes that failed a check, in words
  GET  /behave/NAME?status=S&times=N   answer NAME's next N pushes with status S (N 0: every push from now on);
                                    status 0&hold=T: hold each push T seconds, then close without an answer

It prints "PORT n" on its first line once it listens. With `--tls DIR` it also serves pushes over https on a
second port, with a certificate for 127.0.0.1 from a certificate authority of its own that it writes to
DIR/push-ca.pem (for `trakx serve --push-ca-file`), before it prints its port.
"""
import base64
import datetime
import ipaddress
import ssl
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography import x509
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

LOCK = threading.Lock()
SUBSCRIPTIONS = {}  # name -> (private key, public bytes, auth)
MESSAGES = {}  # name -> [message]
ATTEMPTS = {}  # name -> count of pushes received
BEHAVIOUR = {}  # name -> [status, times left (0: always)]
ERRORS = []


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def hkdf(salt, ikm, info, length):
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


def check_vapid(header, origin):
    if not header.startswith("vapid "):
        raise ValueError("Authorization is not vapid")
    params = dict(part.strip().split("=", 1) for part in header[len("vapid "):].split(","))
    token, key = params["t"], params["k"]
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
    head, claims, signature = token.split(".")
    if json.loads(unb64url(head)).get("alg") != "ES256":
        raise ValueError("JWT alg is not ES256")
    raw = unb64url(signature)
    if len(raw) != 64:
        raise ValueError("ES256 signature is not 64 bytes")
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    body = json.loads(unb64url(claims))
    if body.get("aud") != origin:
        raise ValueError(f"aud {body.get('aud')} is not {origin}")
    now = time.time()
    if not now < body.get("exp", 0) <= now + 24 * 3600:
        raise ValueError("exp not within 24 hours")
    if not str(body.get("sub", "")).startswith(("mailto:", "https:")):
        raise ValueError("sub is not mailto or https")


def decrypt(name, body):
    private, public, auth = SUBSCRIPTIONS[name]
    salt, record_size, id_length = body[:16], int.from_bytes(body[16:20], "big"), body[20]
    sender = body[21:21 + id_length]
    ciphertext = body[21 + id_length:]
    if record_size < 18 or len(ciphertext) > record_size:
        raise ValueError("record size wrong")
    shared = private.exchange(ec.ECDH(), ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender))
    ikm = hkdf(auth, shared, b"WebPush: info\x00" + public + sender, 32)
    key = hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
    nonce = hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
    padded = AESGCM(key).decrypt(nonce, ciphertext, None).rstrip(b"\x00")
    if not padded.endswith(b"\x02"):
        raise ValueError("last record delimiter is not 2")
    return padded[:-1]


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body=b"", kind="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlsplit(self.path)
        parts = url.path.strip("/").split("/")
        with LOCK:
            if parts[0] == "new" and len(parts) == 2:
                private = ec.generate_private_key(ec.SECP256R1())
                public = private.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
                auth = os.urandom(16)
                SUBSCRIPTIONS[parts[1]] = (private, public, auth)
                tls = parse_qs(url.query).get("tls") == ["1"] and TLS_PORT
                endpoint = f"https://127.0.0.1:{TLS_PORT}/push/{parts[1]}" if tls else \
                    f"http://127.0.0.1:{self.server.server_port}/push/{parts[1]}"
                return self.answer(200, json.dumps({"endpoint": endpoint, "p256dh": b64url(public), "auth": b64url(auth)}).encode())
            if parts[0] == "messages" and len(parts) == 2:
                return self.answer(200, json.dumps({"messages": MESSAGES.get(parts[1], []), "attempts": ATTEMPTS.get(parts[1], 0)}).encode())
            if parts[0] == "errors":
                return self.answer(200, json.dumps(ERRORS).encode())
            if parts[0] == "behave" and len(parts) == 2:
                query = parse_qs(url.query)
                BEHAVIOUR[parts[1]] = [int(query["status"][0]), int(query.get("times", ["0"])[0]),
                                       float(query.get("hold", ["0"])[0])]
                return self.answer(200, b"{}")
        self.answer(404)

    def do_POST(self):
        parts = urlsplit(self.path).path.strip("/").split("/")
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if parts[0] != "push" or len(parts) != 2 or parts[1] not in SUBSCRIPTIONS:
            return self.answer(404)
        name = parts[1]
        with LOCK:
            ATTEMPTS[name] = ATTEMPTS.get(name, 0) + 1
            behaviour = BEHAVIOUR.get(name)
            if behaviour:
                status, left, hold = behaviour
                if left == 1:
                    del BEHAVIOUR[name]
                elif left > 1:
                    behaviour[1] = left - 1
        if behaviour and status == 0:
            time.sleep(hold)
            self.close_connection = True
            return
        with LOCK:
            if behaviour:
                headers = {"Retry-After": "0"} if status == 429 else {}
                self.send_response(status)
                for key, value in headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
        try:
            scheme = "https" if self.server.server_port == TLS_PORT else "http"
            check_vapid(self.headers.get("Authorization", ""), f"{scheme}://127.0.0.1:{self.server.server_port}")
            if self.headers.get("Content-Encoding") != "aes128gcm":
                raise ValueError("Content-Encoding is not aes128gcm")
            ttl = int(self.headers["TTL"])
            urgency = self.headers.get("Urgency", "normal")
            if urgency not in ("very-low", "low", "normal", "high"):
                raise ValueError("Urgency is not one of RFC 8030's")
            payload = decrypt(name, body)
        except (ValueError, KeyError, InvalidSignature, TypeError) as error:
            with LOCK:
                ERRORS.append(f"{name}: {type(error).__name__} {error}")
            return self.answer(400)
        except Exception as error:  # decryption failures (InvalidTag) and the like
            with LOCK:
                ERRORS.append(f"{name}: {type(error).__name__} {error}")
            return self.answer(400)
        with LOCK:
            MESSAGES.setdefault(name, []).append({"payload": json.loads(payload), "ttl": ttl, "urgency": urgency,
                                                  "topic": self.headers.get("Topic")})
        self.send_response(201)
        self.send_header("Location", f"/message/{name}/{len(MESSAGES[name])}")
        self.send_header("Content-Length", "0")
        self.end_headers()


TLS_PORT = None


def certificate_authority(folder):
    """A certificate authority of this run's own, and a certificate for 127.0.0.1 from it; the authority's certificate
    is written to folder/push-ca.pem. Returns the server's SSL context."""
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Trakx tests' push service authority")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
          .not_valid_after(now + datetime.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True, content_commitment=False,
                                       key_encipherment=False, data_encipherment=False, key_agreement=False,
                                       encipher_only=False, decipher_only=False), critical=True)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    leaf = (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")]))
            .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .sign(ca_key, hashes.SHA256()))
    pem = serialization.Encoding.PEM
    with open(os.path.join(folder, "push-ca.pem"), "wb") as out:
        out.write(ca.public_bytes(pem))
    with open(os.path.join(folder, "push-server.pem"), "wb") as out:
        out.write(leaf.public_bytes(pem))
        out.write(key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.join(folder, "push-server.pem"))
    return context


def end_with_parent():
    """Exits when the process that started this one has gone, however it went (a test run cut short leaves none)."""
    parent = os.getppid()
    while os.getppid() == parent:
        time.sleep(1)
    os._exit(0)


def main():
    # A Swift test process starts this with SIGTERM and SIGINT blocked (the mask is inherited through exec), so its
    # SIGTERM would never arrive: take them back.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    threading.Thread(target=end_with_parent, daemon=True).start()
    global TLS_PORT
    if len(sys.argv) == 3 and sys.argv[1] == "--tls":
        secure = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        secure.socket = certificate_authority(sys.argv[2]).wrap_socket(secure.socket, server_side=True)
        TLS_PORT = secure.server_port
        threading.Thread(target=secure.serve_forever, daemon=True).start()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(f"PORT {server.server_port}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
