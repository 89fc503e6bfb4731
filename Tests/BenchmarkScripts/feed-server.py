#!/usr/bin/env python3
"""Serves FEEDS generated RSS feeds on HOSTS loopback addresses (127.0.0.1 … 127.0.0.HOSTS),
one port, for the feed-vs-newsboat refresh benchmark.

Each feed is a 20-item RSS document with an ETag; a request that sends the ETag back in
If-None-Match gets 304 Not Modified. Prints the feed URLs, one a line, then serves until
killed.  Usage: feed-server.py PORT [FEEDS=50] [HOSTS=25] [DELAY_MS=0] [ITEMS=20] [NEW=0]
DELAY_MS holds every response back that long, as a network's round trip would. ITEMS is
the number of items of every feed. A request for /publish (any host) gives the first NEW
feeds 20 new items each and a new ETag, once, for the sync benchmarks.
"""
import http.server
import sys
import threading
import time

PORT = int(sys.argv[1])
FEEDS = int(sys.argv[2]) if len(sys.argv) > 2 else 50
HOSTS = int(sys.argv[3]) if len(sys.argv) > 3 else 25
DELAY = (int(sys.argv[4]) if len(sys.argv) > 4 else 0) / 1000
ITEMS = int(sys.argv[5]) if len(sys.argv) > 5 else 20
NEW = int(sys.argv[6]) if len(sys.argv) > 6 else 0


def item(number, i, tag="i", month="Jun"):
    # Distinct dates for any number of items; the first 20 as they always were.
    date = f"{1 + i % 28:02d} {month} 2026 {(10 + i // 28) % 24:02d}:{i // 672 % 60:02d}:00 GMT"
    label = f"{'' if tag == 'i' else tag}{i}"
    return (f"<item><guid>f{number}-{tag}{i}</guid><title>Feed {number} item {label}</title>"
            f"<link>https://example.com/{number}/{label}</link>"
            f"<pubDate>Mon, {date}</pubDate>"
            f"<description>&lt;p&gt;Text of item {i} of feed {number}, long enough to look "
            f"like a short summary of an article.&lt;/p&gt;</description></item>\n")


def document(number, new=0):
    items = "".join([item(number, i, "n", "Jul") for i in reversed(range(new))]
                    + [item(number, i) for i in range(ITEMS)])
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
            f"<title>Feed {number}</title><link>https://example.com/{number}</link>\n"
            f"{items}</channel></rss>\n").encode()


BODIES = {f"/feed{n}.xml": document(n) for n in range(FEEDS)}
ETAG = '"v1"'
PUBLISHED = set()  # paths of the feeds that got their new items


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes: with Nagle's algorithm a kept-alive
    # connection would wait for the client's delayed ACK (some 40 ms) on every answer.
    disable_nagle_algorithm = True

    def do_GET(self):
        if DELAY:
            time.sleep(DELAY)
        if self.path == "/publish":
            for n in range(NEW):
                BODIES[f"/feed{n}.xml"] = document(n, 20)
                PUBLISHED.add(f"/feed{n}.xml")
        body = BODIES.get(self.path)
        etag = '"v2"' if self.path in PUBLISHED else ETAG
        if self.path == "/publish":
            body = b""
        if body is None:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
        else:
            self.send_response(200)
            self.send_header("Content-Type", "application/rss+xml")
            self.send_header("ETag", etag)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    def log_message(self, *args):
        pass


servers = []
for host in range(1, HOSTS + 1):
    server = http.server.ThreadingHTTPServer((f"127.0.0.{host}", PORT), Handler)
    servers.append(server)
    threading.Thread(target=server.serve_forever, daemon=True).start()
for n in range(FEEDS):
    print(f"http://127.0.0.{1 + n % HOSTS}:{PORT}/feed{n}.xml", flush=True)
threading.Event().wait()
