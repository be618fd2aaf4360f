# A bounded local load test of `mkcv serve` (docs/security.md, "mkcv serve: what it exposes"),
# run by hand against a running serve: python3 benchmarks/serve_slow_load.py PORT
# 200 slow connections held for 30 s (each reopened when mkcv drops it), trickling a header
# line a second; meanwhile a normal client GETs a page every second: its latencies.
import socket, sys, threading, time
port = int(sys.argv[1]); host = f"127.0.0.1:{port}".encode()
N, SECONDS = 200, 30
stop = threading.Event(); reopened = [0]
def slow_worker():
    sock = None
    while not stop.is_set():
        try:
            if sock is None:
                sock = socket.create_connection(("127.0.0.1", port), timeout=5)
                sock.sendall(b"GET / HTTP/1.1\r\nHost: " + host + b"\r\n")
            stop.wait(1.0)
            sock.send(b"X-Slow: 1\r\n")
        except OSError:
            if sock: sock.close()
            sock = None; reopened[0] += 1
threads = [threading.Thread(target=slow_worker, daemon=True) for _ in range(N)]
for t in threads: t.start()
time.sleep(1)
lat = []; bad = 0
end = time.monotonic() + SECONDS
while time.monotonic() < end:
    t0 = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(b"GET /index.html HTTP/1.1\r\nHost: " + host + b"\r\nConnection: close\r\n\r\n")
            data = b""
            while c := s.recv(65536): data += c
        if not data.startswith(b"HTTP/1.1 200"): bad += 1
    except OSError:
        bad += 1
    lat.append(time.monotonic() - t0)
    time.sleep(max(0, 1 - (time.monotonic() - t0)))
stop.set()
lat.sort()
print(f"requests {len(lat)} failed {bad} median {lat[len(lat)//2]*1000:.1f} ms worst {lat[-1]*1000:.1f} ms; slow connections reopened {reopened[0]} times")
