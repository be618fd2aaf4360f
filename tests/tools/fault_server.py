#!/usr/bin/env python3
"""A test HTTP server on 127.0.0.1 for mkcv's network code (src/net, `mkcv sync`).

It serves the files under --root at their paths (the public APIs' paths: /pid/l/x.xml,
/v3.0/<orcid>/works ...), with an ETag and a Last-Modified, and answers a conditional
request for an unchanged file with 304 Not Modified. It also plays faults, chosen either by
the first line of the --control file (read again for every request, so one server plays
one fault after another; empty or missing: none) or by a path that starts with
/fault/NAME/ARG/ (ARG may be "-"). The faults:

  slow SECONDS          sleep, then answer
  status CODE [COUNT]   answer CODE (the first COUNT requests only, then the file)
  retry-after VALUE [COUNT]  429 Too Many Requests with Retry-After: VALUE ("_" for spaces)
  unavailable VALUE [COUNT]  503 Service Unavailable with Retry-After: VALUE
  truncate              a Content-Length larger than the body sent, then close
  huge-length           Content-Length: 10 GB, a little of it, then close
  huge-chunked          a chunked body without a length, until the client gives up (1 GiB)
  gzip-bomb             gzip of 256 MiB of zeros (about 256 KB on the wire)
  redirect URL          302 Found to URL (file:///etc/passwd, ftp://..., /other/path)
  redirect-loop         302 to itself, by way of a second path
  redirect-chain COUNT  COUNT redirects in a row, then the file
  garbage               bytes that are not HTTP
  close                 close the connection without an answer
  body PATH             answer 200 with PATH's bytes (malformed XML, an entity bomb ...)

Every request is logged to --log as one JSON object per line (method, path, headers,
status, fault). The port (bound to 0, so free) is printed on standard output, then the
server runs until killed.
"""
import argparse
import gzip
import hashlib
import io
import json
import os
import socket
import sys
import threading
import time
import zlib
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit, unquote

ARGS = None
LOCK = threading.Lock()
COUNTS = {}
GZIP_BOMB = None


def gzip_bomb():
    global GZIP_BOMB
    with LOCK:
        if GZIP_BOMB is None:
            out = io.BytesIO()
            with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9) as z:
                block = b"\0" * (1 << 20)
                for _ in range(256):
                    z.write(block)
            GZIP_BOMB = out.getvalue()
    return GZIP_BOMB


def control_fault():
    if not ARGS.control:
        return None
    try:
        with open(ARGS.control, encoding="utf-8") as f:
            line = f.readline().strip()
    except OSError:
        return None
    return line.split() if line else None


def count(key):
    with LOCK:
        COUNTS[key] = COUNTS.get(key, 0) + 1
        return COUNTS[key]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def log(self, status, fault):
        if not ARGS.log:
            return
        entry = {"method": self.command, "path": self.path, "status": status,
                 "fault": fault, "headers": {k.lower(): v for k, v in self.headers.items()}}
        with LOCK, open(ARGS.log, "a", encoding="utf-8") as f:
            f.write(json.dumps(entry) + "\n")

    def send_bytes(self, status, body, headers=(), fault=None, logged=False):
        # Logged before the answer, so that a client that has it finds it in the log.
        if not logged:
            self.log(status, fault)
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def file_for(self, path):
        root = os.path.realpath(ARGS.root)
        full = os.path.realpath(os.path.join(root, unquote(path).lstrip("/")))
        if not full.startswith(root + os.sep) or not os.path.isfile(full):
            return None
        with open(full, "rb") as f:
            return f.read()

    def serve_file(self, path, fault=None, logged=False):
        body = self.file_for(path)
        if body is None:
            self.send_bytes(404, b"not found\n", fault=fault, logged=logged)
            return
        etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        modified = formatdate(1700000000, usegmt=True)
        if self.headers.get("If-None-Match") == etag:
            if not logged:
                self.log(304, fault)
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_bytes(200, body, [("ETag", etag), ("Last-Modified", modified)], fault, logged)

    def do_GET(self):
        split = urlsplit(self.path)
        path = split.path
        fault = None
        if path.startswith("/fault/"):
            parts = path.split("/")
            fault = [parts[2]] + ([unquote(parts[3])] if len(parts) > 3 and parts[3] != "-" else [])
            path = "/" + "/".join(parts[4:])
        else:
            fault = control_fault()
        if not fault:
            return self.serve_file(path)
        name, args = fault[0], fault[1:]
        label = " ".join(fault)
        if name == "slow":
            # Logged on arrival: a client that gave up long ago must not find a request it
            # never made appear in the log when the sleep ends, during a later step.
            self.log(0, label)
            time.sleep(float(args[0]))
            return self.serve_file(path, label, logged=True)
        if name in ("status", "retry-after", "unavailable"):
            limit = int(args[1]) if len(args) > 1 else None
            if limit is not None and count(label) > limit:
                return self.serve_file(path, label)
            if name == "status":
                return self.send_bytes(int(args[0]), b"fault\n", fault=label)
            code = 429 if name == "retry-after" else 503
            # A date has spaces, which the control line splits on: it is written with "_".
            value = args[0].replace("_", " ")
            return self.send_bytes(code, b"slow down\n", [("Retry-After", value)], label)
        if name == "truncate":
            body = self.file_for(path) or b"<partial"
            self.log(200, label)
            self.send_response(200)
            self.send_header("Content-Length", str(len(body) + 1000))
            self.end_headers()
            self.wfile.write(body)
            self.close_connection = True
            return
        if name == "huge-length":
            self.send_response(200)
            self.send_header("Content-Length", str(10 * 1000 ** 3))
            self.end_headers()
            self.log(200, label)
            try:
                self.wfile.write(b"x" * 65536)
            except OSError:
                pass
            self.close_connection = True
            return
        if name == "huge-chunked":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.log(200, label)
            chunk = b"x" * 65536
            try:
                for _ in range(16384):  # 1 GiB, then stop: bounded even if the client is not
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.write(b"0\r\n\r\n")
            except OSError:
                pass
            self.close_connection = True
            return
        if name == "gzip-bomb":
            return self.send_bytes(200, gzip_bomb(), [("Content-Encoding", "gzip")], label)
        if name == "redirect":
            return self.send_bytes(302, b"", [("Location", args[0])], label)
        if name == "redirect-loop":
            other = "/loop-b" + path if not path.startswith("/loop-b") else path[len("/loop-b"):]
            if split.path.startswith("/fault/"):
                other = "/fault/redirect-loop/-" + other
            return self.send_bytes(302, b"", [("Location", other)], label)
        if name == "redirect-chain":
            hop = int(split.query.split("=")[1]) if split.query.startswith("hop=") else 0
            if hop < int(args[0]):
                target = split.path + "?hop=" + str(hop + 1)
                return self.send_bytes(302, b"", [("Location", target)], label)
            return self.serve_file(path, label)
        if name == "garbage":
            self.wfile.write(b"\x00\x01garbage that is not HTTP\r\n\r\n")
            self.log(0, label)
            self.close_connection = True
            return
        if name == "close":
            self.log(0, label)
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            return
        if name == "body":
            with open(args[0], "rb") as f:
                return self.send_bytes(200, f.read(), [("ETag", '"body"')], label)
        return self.send_bytes(500, b"unknown fault\n", fault=label)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--control")
    parser.add_argument("--log")
    ARGS = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
