#!/usr/bin/env python3
"""`omweso serve` under stress (issue 26, item 8): the figures of
docs/SERVE.md, "Limits".

    benches/serve-idle.py [OMWESO] [IDLE]     (OMWESO "" for the default)

Makes a site (`omweso init` plus six copies of the 1,411,989,072-lap
position) in a temporary folder, then:
1. serves it, sends SIGTERM 2 s after the start (the first build is still
   deciding) and times the exit;
2. serves it again, waits for the first build, opens IDLE idle TCP
   connections (default 10,000; they send nothing), times five requests
   for index.html, reads the server's open files and memory, and counts
   the idle connections the server has closed 11 s later;
3. times the exit after SIGTERM with no build under way.
OMWESO defaults to $CARGO_TARGET_DIR/release/omweso or target/release/omweso.
The open-files limit (ulimit -n) must allow IDLE plus some.
"""
import os, signal, socket, subprocess, sys, tempfile, time, urllib.request

POSITION = """title: A move of 1,411,989,072 laps
variant: mcgill-2015
to_move: south
board:
  - [1, 1, 0, 0, 0, 0, 0, 0]
  - [0, 0, 0, 0, 0, 0, 2, 1]
  - [18, 17, 3, 6, 4, 1, 4, 1]
  - [0, 1, 0, 1, 0, 1, 0, 2]
move: 12
"""

here = os.path.dirname(os.path.abspath(__file__))
target = os.environ.get("CARGO_TARGET_DIR", os.path.join(here, "..", "target"))
omweso = (sys.argv[1] if len(sys.argv) > 1 else "") or os.path.join(target, "release", "omweso")
idle = int(sys.argv[2]) if len(sys.argv) > 2 else 10000


def serve(root, work):
    p = subprocess.Popen([omweso, "serve", "--port", "0", "--root", root, "--out", work],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    url = p.stdout.readline().decode().split()[-1]
    return p, url


def stop(p):
    t = time.time()
    p.send_signal(signal.SIGTERM)
    p.wait(timeout=60)
    return (time.time() - t) * 1000, p.returncode


def get(url):
    t = time.time()
    urllib.request.urlopen(url + "index.html", timeout=60).read()
    return (time.time() - t) * 1000


with tempfile.TemporaryDirectory() as tmp:
    root, work = os.path.join(tmp, "site"), os.path.join(tmp, "work")
    subprocess.run([omweso, "init", root], check=True, stdout=subprocess.DEVNULL)
    os.makedirs(os.path.join(root, "content", "positions"), exist_ok=True)
    for i in range(6):
        with open(os.path.join(root, "content", "positions", f"billion-{i}.yaml"), "w") as f:
            f.write(POSITION)

    p, url = serve(root, work)
    time.sleep(2)
    ms, rc = stop(p)
    print(f"SIGTERM 2 s into the first build: exit status {rc} after {ms:.0f} ms; "
          f"left in the work folder: {sorted(os.listdir(work))}")

    p, url = serve(root, work)
    t = time.time()
    get(url)
    print(f"first build answered after {time.time() - t:.1f} s")
    t = time.time()
    socks = [socket.create_connection(("127.0.0.1", int(url.rsplit(":", 1)[1].strip("/"))))
             for _ in range(idle)]
    print(f"{idle} idle connections opened in {time.time() - t:.2f} s")
    time.sleep(0.5)
    print("five requests meanwhile:", ", ".join(f"{get(url):.1f}" for _ in range(5)), "ms")
    fds = len(os.listdir(f"/proc/{p.pid}/fd"))
    rss = next(l for l in open(f"/proc/{p.pid}/status") if l.startswith("VmRSS")).split()[1]
    print(f"server meanwhile: {fds} open files, {int(rss) // 1024} MB resident")
    time.sleep(11)
    closed = 0
    for s in socks:
        s.setblocking(False)
        try:
            while True:
                if s.recv(4096) == b"":
                    closed += 1
                    break
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
    fds = len(os.listdir(f"/proc/{p.pid}/fd"))
    print(f"11 s later: {closed} of {idle} closed by the server, which has {fds} open files")
    for s in socks:
        s.close()
    ms, rc = stop(p)
    print(f"SIGTERM with no build under way: exit status {rc} after {ms:.0f} ms")
