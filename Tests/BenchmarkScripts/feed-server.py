#!/usr/bin/env python3
"""Serves FEEDS generated RSS feeds on HOSTS loopback addresses (127.0.0.1 … 127.0.0.HOSTS),
one port, for the feed-vs-newsboat refresh benchmark.

Each feed is a 20-item RSS document with an ETag; a request that sends the ETag back in
If-None-Match gets 304 Not Modified. Prints the feed URLs, one a line, then serves until
killed.  Usage: feed-server.py PORT [FEEDS=50] [HOSTS=25] [DELAY_MS=0]
DELAY_MS holds every response back that long, as a network's round trip would.
"""
import http.server
import sys
import threading
import time

PORT = int(sys.argv[1])
FEEDS = int(sys.argv[2]) if len(sys.argv) > 2 else 50
HOSTS = int(sys.argv[3]) if len(sys.argv) > 3 else 25
DELAY = (int(sys.argv[4]) if len(sys.argv) > 4 else 0) / 1000


def document(number):
    items = "".join(
        f"<item><guid>f{number}-i{i}</guid><title>Feed {number} item {i}</title>"
        f"<link>https://example.com/{number}/{i}</link>"
        f"<pubDate>Mon, {1 + i:02d} Jun 2026 10:00:00 GMT</pubDate>"
        f"<description>&lt;p&gt;Text of item {i} of feed {number}, long enough to look "
        f"like a short summary of an article.&lt;/p&gt;</description></item>\n"
        for i in range(20))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
            f"<title>Feed {number}</title><link>https://example.com/{number}</link>\n"
            f"{items}</channel></rss>\n").encode()


BODIES = {f"/feed{n}.xml": document(n) for n in range(FEEDS)}
ETAG = '"v1"'


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        if DELAY:
            time.sleep(DELAY)
        body = BODIES.get(self.path)
        if body is None:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.headers.get("If-None-Match") == ETAG:
            self.send_response(304)
            self.send_header("ETag", ETAG)
            self.end_headers()
        else:
            self.send_response(200)
            self.send_header("Content-Type", "application/rss+xml")
            self.send_header("ETag", ETAG)
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
