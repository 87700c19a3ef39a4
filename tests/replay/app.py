#!/usr/bin/env python3
"""A small web application for the replay tests, served on loopback.

usage: app.py PORT_FILE STATE_DIR [--fault]

Binds 127.0.0.1 on a free port and writes the port to PORT_FILE. It sets a
session cookie, shows the time on every page (so two runs never match byte
for byte), requires a fresh anti-forgery token (sectok) on POST /form and
rejects a stale one, and redirects after a successful POST (303). Notes are
kept in STATE_DIR/notes (the persistent state --reset clears). With --fault
a successful POST redirects to /oops instead (a seeded control-flow fault).
"""
import datetime
import html
import os
import secrets
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT_FILE, STATE = sys.argv[1], sys.argv[2]
FAULT = "--fault" in sys.argv
TOKENS = {}  # session id -> the token of the last form page served


def page(title, body):
    now = datetime.datetime.now().isoformat(timespec="microseconds")
    return (f"<!DOCTYPE html><html><head><title>{title}</title></head><body>"
            f"<h1>{title}</h1>{body}<p class=time>Generated at {now}</p>"
            f"</body></html>").encode()


class App(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def sid(self):
        for part in self.headers.get("Cookie", "").split(";"):
            name, _, value = part.strip().partition("=")
            if name == "sid":
                return value
        return None

    def send(self, status, body, ctype="text/html; charset=utf-8", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def notes(self):
        try:
            with open(os.path.join(STATE, "notes")) as f:
                return f.read().splitlines()
        except FileNotFoundError:
            return []

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        sid = self.sid()
        if url.path == "/":
            headers = []
            if not sid:
                sid = secrets.token_hex(8)
                headers.append(("Set-Cookie", f"sid={sid}; Path=/; HttpOnly"))
            self.send(200, page("Home", '<a href="/form">write a note</a>'), headers=headers)
        elif url.path == "/form":
            if not sid:
                return self.send(401, page("No session", "<p>visit / first</p>"))
            token = secrets.token_hex(8)
            TOKENS[sid] = token
            self.send(200, page("Write", '<form method=post action="/form">'
                                f'<input type=hidden name=sectok value="{token}">'
                                '<input name=note><button>save</button></form>'))
        elif url.path == "/done":
            self.send(200, page("Saved", "<p>note saved</p>"))
        elif url.path == "/oops":
            self.send(500, page("Error", "<p>something went wrong</p>"))
        elif url.path == "/notes":
            items = "".join(f"<li>{html.escape(n)}</li>" for n in self.notes())
            self.send(200, page("Notes", f"<ul>{items}</ul>"))
        elif url.path == "/feed":
            self.send(200, b"<?xml version='1.0'?><feed><n>%d</n></feed>" % len(self.notes()),
                      "application/xml")
        elif url.path == "/away":
            self.send(302, b"", headers=[("Location", "http://example.com/")])
        elif url.path == "/slow":
            import time
            time.sleep(3)
            self.send(200, page("Slow", ""))
        else:
            self.send(404, page("Not found", f"<p>{html.escape(url.path)}</p>"))

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        ctype = self.headers.get("Content-Type", "")
        if ctype.startswith("multipart/form-data"):  # as MediaWiki's edit form posts
            from email.parser import BytesParser
            from email.policy import HTTP
            msg = BytesParser(policy=HTTP).parsebytes(
                b"Content-Type: " + ctype.encode() + b"\r\n\r\n" + body)
            form = {p.get_param("name", header="content-disposition"): [p.get_content().strip()]
                    for p in msg.iter_parts()}
        else:
            form = urllib.parse.parse_qs(body.decode())
        sid = self.sid()
        if self.path != "/form":
            return self.send(404, page("Not found", ""))
        if not sid or form.get("sectok", [""])[0] != TOKENS.get(sid):
            return self.send(403, page("Forbidden", "<p>stale or missing security token</p>"))
        del TOKENS[sid]
        with open(os.path.join(STATE, "notes"), "a") as f:
            f.write(form.get("note", [""])[0] + "\n")
        self.send(303, b"", headers=[("Location", "/oops" if FAULT else "/done")])


class Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a client that gave up (the timeout test) is not an error


server = Server(("127.0.0.1", 0), App)
with open(PORT_FILE + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(PORT_FILE + ".tmp", PORT_FILE)
server.serve_forever()
