#!/usr/bin/env python3
"""Records sessions.json (ocsinventory) by browsing a served install.

  sessions.py BASE_URL [-o sessions.json]

BASE_URL is a freshly installed tree served by `generate.sh --hold FILE`
(clean run 1's setup).  Each session is browsed here with its own cookie
jar, as a user's browser would, and every request is written down as
smart's JSON session format has it: a form is posted with every field its
page gave it (hidden fields, the selected options, the checked boxes) plus
what the user types, so that the recording holds the form's CSRF_<n> field
under the name the page gave it (OCS numbers its forms in the PHP session:
the same requests give the same names in every run) with the value of this
recording, which `smart replay` replaces by the value its own page gives.
What each answer says is printed, to check that a step did what it should.
"""
import html
import http.cookiejar
import json
import re
import sys
import urllib.parse
import urllib.request

FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S | re.I)
FIELD = re.compile(r"<(input|select|textarea)\b([^>]*)>", re.I)


def attr(tag, name):
    """The value of attribute NAME in the tag text TAG, or None."""
    m = re.search(r"\b%s\s*=\s*(?:'([^']*)'|\"([^\"]*)\"|([^\s>]+))" % name, tag, re.I)
    if not m:
        return None
    return html.unescape(next(g for g in m.groups() if g is not None))


def form_fields(page, name):
    """The fields the form NAME of PAGE would post as it stands (in order)."""
    for m in FORM.finditer(page):
        if attr(m.group(1), "name") != name:
            continue
        body, out = m.group(2), []
        for f in FIELD.finditer(body):
            kind, tag = f.group(1).lower(), f.group(2)
            n = attr(tag, "name")
            if not n:
                continue
            typ = (attr(tag, "type") or "text").lower()
            if kind == "input":
                if typ in ("submit", "button", "image", "reset", "file"):
                    continue
                if typ in ("checkbox", "radio") and not re.search(r"\bchecked\b", tag, re.I):
                    continue
                out.append((n, attr(tag, "value") or ("on" if typ == "checkbox" else "")))
            elif kind == "select":
                rest = body[f.end():]
                end = rest.lower().find("</select>")
                opts = re.findall(r"<option\b([^>]*)>", rest[:end], re.I)
                sel = [o for o in opts if re.search(r"\bselected\b", o, re.I)] or opts[:1]
                if sel:
                    out.append((n, attr(sel[0], "value") or ""))
            else:
                rest = body[f.end():]
                out.append((n, html.unescape(rest[:rest.lower().find("</textarea>")])))
        return out
    raise SystemExit("no form %r in the page" % name)


class Session:
    """One browser: a cookie jar, the last page, the requests made."""

    def __init__(self, base, name):
        self.base, self.name, self.requests, self.page = base, name, [], ""
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def _go(self, url, form=None):
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        try:
            with self.opener.open(self.base + url, data, timeout=300) as r:
                self.page = r.read().decode("utf-8", "replace")
                status = r.status
        except urllib.error.HTTPError as e:
            self.page, status = e.read().decode("utf-8", "replace"), e.code
        req = {"url": url}
        if form is not None:
            req["method"] = "POST"
            req["form"] = dict(form)
        self.requests.append(req)
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]*>", " ", re.sub(r"<script.*?</script>", " ", self.page, flags=re.S)))
        for alert in ("is activate on OCS-NG GUI", "/usr/share/ocsinventory-reports/ocsreports)."):
            if alert in text:   # the security alert of a default install
                text = text[text.rindex(alert) + len(alert) - 6:]
        i = text.find("Logout")
        print("%s %2d %s %s %d: %s" % (self.name, len(self.requests), "POST" if form is not None else "GET ",
                                      url, status, text[i + 6 if i >= 0 else 0:][:160]), file=sys.stderr)
        for w in ("CSRF ATTACK", "Fatal error", "ACCESS DENIED"):
            if w in self.page:
                print("   !! %s" % w, file=sys.stderr)
        return self

    def forms(self):
        """Prints the forms of the last page (building the sessions)."""
        for m in FORM.finditer(self.page):
            n = attr(m.group(1), "name")
            if n not in ("log_out", "close_msg", "ACTION_CLIC", "bandeau"):
                print("   form %s: %s" % (n, [f for f in form_fields(self.page, n)
                                              if not f[0].startswith("CSRF_") and f[1]]), file=sys.stderr)
        return self

    def get(self, url):
        return self._go(url)

    def post(self, url, form):
        """A POST with exactly FORM (no page form: the login)."""
        return self._go(url, list(form.items()))

    def submit(self, name, url, **typed):
        """Posts the form NAME of the last page to URL with its fields as
        they stand and the fields TYPED changed or added."""
        fields = form_fields(self.page, name)
        seen = set()
        out = []
        for n, v in fields:
            if n in typed:
                v = typed[n]
            seen.add(n)
            out.append((n, v))
        out += [(n, v) for n, v in typed.items() if n not in seen]
        return self._go(url, out)

    def login(self, user, password):
        self.get("/index.php")
        return self.post("/index.php", {"LOGIN": user, "PASSWD": password, "Valid_CNX": "Send"})

    def logout(self, url):
        return self.submit("log_out", url, LOGOUT="ON")


def record(base):
    """The sessions, browsed against BASE."""
    out = []
    # anonymous: the login page, failed logins (OCS says "No user provided"
    # to each, after two seconds), a page that does not exist
    s = Session(base, "anonymous")
    s.get("/index.php")
    s.post("/index.php", {"LOGIN": "admin", "PASSWD": "wrong-password", "Valid_CNX": "Send"})
    s.post("/index.php", {"LOGIN": "nobody", "PASSWD": "admin", "Valid_CNX": "Send"})
    s.get("/no-such-page.php")
    out.append(s)

    # browse: the administrator reads the inventory
    s = Session(base, "browse")
    s.login("admin", "admin")
    s.get("/index.php?function=visu_computers")
    s.get("/index.php?function=computer&head=1&systemid=1")
    s.get("/index.php?function=computer&head=1&systemid=1&cat=software")
    s.get("/index.php?function=computer&head=1&systemid=2&cat=network")
    s.get("/index.php?function=computer&head=1&systemid=3&cat=hardware")
    s.get("/index.php?function=visu_all_soft")
    s.get("/index.php?function=visu_groups")
    s.get("/index.php?function=admin_user")
    s.get("/index.php?function=server_infos")
    s.get("/index.php?function=admin_conf")
    s.get("/index.php?function=no_such_function")
    s.get("/index.php?function=computer&head=1&systemid=99")
    s.logout("/index.php?function=computer&head=1&systemid=99")
    out.append(s)

    # edit: the administrator makes a user, an administrative data field,
    # a tag and a note on a computer, changes its account
    # and a configuration value
    s = Session(base, "edit")
    s.login("admin", "admin")
    u = "/index.php?function=admin_add_user"
    s.get(u)
    s.submit("my_account", u, ID="", FIRSTNAME="Jane", LASTNAME="Doe", PASSWORD="Lab-Viewer-1", Valid_modif="OK")
    s.submit("my_account", u, ID="jdoe", ACCESSLVL="read-only", FIRSTNAME="Jane", LASTNAME="Doe",
             EMAIL="jane.doe@example.org", COMMENTS="Lab inventory viewer", PASSWORD="Lab-Viewer-1", Valid_modif="OK")
    u = "/index.php?function=admin_info"
    s.get(u)
    s.submit("admin_info", u, onglet="2")
    s.submit("admin_info", u, onglet="2", newfield="ROOM", newlbl="Room", newtype="0", account_tab="1", Valid_modif="Send")
    u = "/index.php?function=computer&head=1&systemid=1"
    s.get(u)
    s.submit("admin_info_computer", u, TAG="LAB-EAST", fields_3="B-204", Valid_modif="OK")
    s.submit("affich_notes", u, ADD_NOTE="Add an annotation")
    s.submit("affich_notes", u, NOTE="Replaced the keyboard; asset label checked", Valid_modif="OK")
    u = "/index.php?function=account_config&head=1"
    s.get(u)
    s.submit("pass", u, EMAIL="ocs-admin@example.org", COMMENTS="Inventory administrator", Valid_modif="OK")
    u = "/index.php?function=admin_conf"
    s.get(u)
    s.submit("modif_onglet", u, INVENTORY_CACHE_REVALIDATE="14", Valid="Update")
    s.logout(u)
    out.append(s)

    # search: the administrator searches computers by criteria (the
    # links of the lists: OCS's own form names each criterion's fields
    # after PHP's uniqid, which a replay cannot know)
    s = Session(base, "search")
    s.login("admin", "admin")
    s.get("/index.php?function=visu_search")
    s.get("/index.php?function=visu_search&fields=ACCOUNTINFO-TAG&values=DATACENTER&comp=exact")
    s.get("/index.php?function=visu_search&fields=HARDWARE-OSNAME&values=Microsoft%20Windows%2010%20Pro&comp=exact")
    s.get("/index.php?function=visu_search&prov=allsoft&value=openssh-server")
    s.get("/index.php?function=visu_repart_tag")
    s.logout("/index.php?function=visu_repart_tag")
    out.append(s)

    # user: the read-only user made above
    s = Session(base, "user")
    s.login("jdoe", "Lab-Viewer-1")
    s.get("/index.php?function=visu_computers")
    s.get("/index.php?function=computer&head=1&systemid=2")
    s.get("/index.php?function=admin_user")
    s.logout("/index.php?function=admin_user")
    out.append(s)

    # cleanup: the administrator deletes what edit made
    s = Session(base, "cleanup")
    s.login("admin", "admin")
    u = "/index.php?function=computer&head=1&systemid=1"
    s.get(u)
    s.submit("affich_notes", u, SUP_PROF="1")
    s.submit("admin_info_computer", u, TAG="LAB", fields_3="", Valid_modif="OK")
    u = "/index.php?function=admin_info"
    s.get(u)
    s.submit("admin_info", u, SUP_PROF="3")
    u = "/index.php?function=admin_user"
    s.get(u)
    s.submit("admins", u, SUP_PROF="jdoe")
    s.logout(u)
    out.append(s)
    return out


if __name__ == "__main__":
    base = sys.argv[1].rstrip("/")
    dest = sys.argv[sys.argv.index("-o") + 1] if "-o" in sys.argv else "sessions.json"
    sessions = [{"name": s.name, "requests": s.requests} for s in record(base)]
    with open(dest, "w", encoding="utf-8") as f:
        json.dump({"sessions": sessions}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print("%d sessions, %d requests" % (len(sessions), sum(len(s["requests"]) for s in sessions)), file=sys.stderr)
