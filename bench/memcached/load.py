#!/usr/bin/env python3
"""A mixed get/set load for bench/memcached (memcached's text protocol).

    load.py PORT SECONDS CLIENTS [KEYS] [SET_PERCENT]   (default 4000 10)

One connection sets every key first; then CLIENTS processes, each with a
connection of its own (memcached gives each new connection to the next
worker thread in turn), send one request at a time for SECONDS: a set of
a 100-byte value SET_PERCENT% of the time, else a get, of a key drawn
uniformly (a fixed seed per client, so runs are alike).  Prints one line
of totals: requests, gets, hits, sets and requests per second.  Only the
standard library: no client package is needed.
"""
import multiprocessing
import random
import socket
import sys
import time

VALUE = b"v" * 100


def connect(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s, s.makefile("rb")


def do_set(sock, rd, key):
    sock.sendall(b"set %s 0 0 %d\r\n%s\r\n" % (key, len(VALUE), VALUE))
    line = rd.readline()
    if line != b"STORED\r\n":
        raise SystemExit("load.py: set %s: %r" % (key.decode(), line))


def do_get(sock, rd, key):
    """Return 1 on a hit, 0 on a miss."""
    sock.sendall(b"get %s\r\n" % key)
    line = rd.readline()
    if line == b"END\r\n":
        return 0
    if not line.startswith(b"VALUE "):
        raise SystemExit("load.py: get %s: %r" % (key.decode(), line))
    size = int(line.split()[3])
    rd.read(size + 2)
    if rd.readline() != b"END\r\n":
        raise SystemExit("load.py: get %s: no END" % key.decode())
    return 1


def client(args):
    port, seconds, keys, set_percent, seed = args
    rng = random.Random(seed)
    sock, rd = connect(port)
    gets = hits = sets = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for _ in range(100):
            key = b"key:%d" % rng.randrange(keys)
            if rng.randrange(100) < set_percent:
                do_set(sock, rd, key)
                sets += 1
            else:
                hits += do_get(sock, rd, key)
                gets += 1
    sock.close()
    return gets, hits, sets


def main():
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    port, seconds, clients = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
    keys = int(sys.argv[4]) if len(sys.argv) > 4 else 4000
    set_percent = int(sys.argv[5]) if len(sys.argv) > 5 else 10
    sock, rd = connect(port)
    for k in range(keys):
        do_set(sock, rd, b"key:%d" % k)
    sock.close()
    t0 = time.monotonic()
    with multiprocessing.Pool(clients) as pool:
        res = pool.map(client, [(port, seconds, keys, set_percent, i) for i in range(clients)])
    elapsed = time.monotonic() - t0
    gets = sum(r[0] for r in res)
    hits = sum(r[1] for r in res)
    sets = sum(r[2] for r in res)
    print("load: %d clients %.0f s: %d requests (%d gets, %d hits, %d sets), %.0f requests/s"
          % (clients, seconds, gets + sets, gets, hits, sets, (gets + sets) / elapsed))


if __name__ == "__main__":
    main()
