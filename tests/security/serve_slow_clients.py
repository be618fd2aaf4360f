"""Hostile local clients against a running `mkcv serve` (serve_slow_clients_test.sh).

    serve_slow_clients.py PORT PID FILE_PATH FILE_SIZE

Prints one `ok: LABEL` or `FAIL: LABEL` line per check. PID is mkcv's, for its RSS
(/proc/PID/status VmRSS); FILE_PATH a served file of FILE_SIZE bytes, for the ranges.
"""

import socket
import sys
import threading
import time

PORT = int(sys.argv[1])
PID = int(sys.argv[2])
FILE_PATH = sys.argv[3]
FILE_SIZE = int(sys.argv[4])
HOST = f"127.0.0.1:{PORT}".encode()
SLOW_CLIENTS = 200


def check(ok, label):
    print(("ok: " if ok else "FAIL: ") + label, flush=True)


def rss_kib():
    with open(f"/proc/{PID}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def connect(timeout=10):
    return socket.create_connection(("127.0.0.1", PORT), timeout=timeout)


def read_answer(sock):
    """Everything the server sends until it closes or goes quiet; b"" if it reset."""
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (ConnectionResetError, socket.timeout):
        pass
    return data


def status_of(answer):
    parts = answer.split(b" ", 2)
    return parts[1].decode() if len(parts) > 1 and answer.startswith(b"HTTP/") else "closed"


def get(target, extra=b"", timeout=10):
    """A plain request on a new connection: (status, headers, body)."""
    with connect(timeout) as sock:
        sock.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: " + HOST + b"\r\n" + extra +
                     b"Connection: close\r\n\r\n")
        answer = read_answer(sock)
    head, _, body = answer.partition(b"\r\n\r\n")
    return status_of(answer), head, body


# --- 200 slow clients trickling header lines; a real client is served meanwhile ----------
slow = []
for _ in range(SLOW_CLIENTS):
    sock = connect()
    sock.sendall(b"GET / HTTP/1.1\r\nHost: " + HOST + b"\r\n")
    slow.append(sock)
stop_trickling = threading.Event()
opened = time.monotonic()


def trickle():
    while not stop_trickling.wait(1.0):
        for sock in slow:
            try:
                sock.send(b"X-Slow: 1\r\n")
            except OSError:
                pass


trickler = threading.Thread(target=trickle, daemon=True)
trickler.start()
time.sleep(1.5)  # the slow clients have sent a line or two each

worst = 0.0
statuses = set()
for _ in range(3):
    start = time.monotonic()
    code, _, body = get(b"/index.html", timeout=5)
    worst = max(worst, time.monotonic() - start)
    statuses.add(code)
check(statuses == {"200"} and worst < 1.0,
      f"{SLOW_CLIENTS} slow clients: a page is served in {worst:.3f} s (status {statuses})")

start = time.monotonic()
with connect(5) as events:
    events.sendall(b"GET /_mkcv/events HTTP/1.1\r\nHost: " + HOST + b"\r\n\r\n")
    seen = b""
    try:
        while b"event: hello" not in seen and time.monotonic() - start < 5:
            seen += events.recv(4096)
    except socket.timeout:
        pass
took = time.monotonic() - start
check(b"event: hello" in seen and took < 1.0,
      f"{SLOW_CLIENTS} slow clients: the event stream opens in {took:.3f} s")


# The header deadline: however the lines are spaced, each slow client is closed.
def closed(sock):
    sock.settimeout(0.05)
    try:
        sock.recv(65536)  # end of file, or an answer before it
        return True
    except socket.timeout:
        return False
    except OSError:
        return True


deadline = opened + 12
left = list(slow)
while left and time.monotonic() < deadline:
    left = [sock for sock in left if not closed(sock)]
    time.sleep(0.2)
stop_trickling.set()
trickler.join()
check(not left, f"slow clients are dropped within seconds ({len(left)} of {SLOW_CLIENTS} still open "
      f"after {time.monotonic() - opened:.1f} s)")
for sock in slow:
    sock.close()

# --- A header flood: 431 or closed, and mkcv does not grow --------------------------------
before = rss_kib()
flood_answers = []
line = b"X-Flood: " + b"a" * 1000 + b"\r\n"
for _ in range(4):
    with connect() as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: " + HOST + b"\r\n")
        sent = 0
        try:
            while sent < 32 * 1024 * 1024:
                sock.sendall(line * 64)
                sent += len(line) * 64
        except OSError:
            pass
        sock.settimeout(3)
        flood_answers.append((status_of(read_answer(sock)), sent))
grown = rss_kib() - before
check(all(code in ("431", "closed") for code, _ in flood_answers),
      f"a header flood gets 431 or is closed: {flood_answers}")
check(all(sent < 32 * 1024 * 1024 for _, sent in flood_answers),
      "a header flood is cut off long before 32 MiB are taken")
check(grown < 16 * 1024, f"mkcv's RSS grew {grown} KiB under the flood (bound: 16 MiB)")

# One line over the bound, and many short fields under it.
code, _, _ = get(b"/", b"X-Long: " + b"b" * 20000 + b"\r\n")
check(code in ("431", "closed"), f"a 20 KB header line: {code}")
code, _, _ = get(b"/", b"".join(b"X-F%d: 1\r\n" % i for i in range(300)))
check(code == "431", f"300 header fields: {code}")
code, _, _ = get(b"/", b"".join(b"X-F%d: 1\r\n" % i for i in range(20)))
check(code == "200", f"20 header fields are fine: {code}")

# --- 2,000 ranges never return more than the file ------------------------------------------
ranges = b"bytes=" + b",".join(b"0-" for _ in range(2000))
code, head, body = get(FILE_PATH.encode(), b"Range: " + ranges + b"\r\n")
check(code == "200" and len(body) == FILE_SIZE,
      f"2,000 ranges: {code} with {len(body)} bytes, the file has {FILE_SIZE}")
code, head, body = get(FILE_PATH.encode(), b"Range: bytes=0-9\r\n")
check(len(body) <= FILE_SIZE, f"one range: {code} with {len(body)} bytes")

# --- Requests carry no body ------------------------------------------------------------------
code, _, _ = get(b"/", b"Content-Length: 5\r\n")  # the body never sent
check(code in ("413", "400"), f"a GET with Content-Length: 5 is refused: {code}")
with connect() as sock:
    sock.sendall(b"GET / HTTP/1.1\r\nHost: " + HOST + b"\r\nContent-Length: 5\r\n\r\nhello")
    code = status_of(read_answer(sock))
check(code in ("413", "400"), f"a GET with a body is refused: {code}")
with connect() as sock:
    sock.sendall(b"GET / HTTP/1.1\r\nHost: " + HOST + b"\r\nTransfer-Encoding: chunked\r\n\r\n"
                 b"5\r\nhello\r\n0\r\n\r\n")
    code = status_of(read_answer(sock))
check(code in ("413", "400"), f"a chunked body is refused: {code}")

# --- Still serving after all of it ---------------------------------------------------------
code, _, _ = get(b"/index.html", timeout=5)
check(code == "200", f"the page is still served: {code}")
