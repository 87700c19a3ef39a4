#!/usr/bin/env python3
"""Writes sessions.json, the recorded sessions of the postfixadmin corpus,
in smart's JSON session format (docs/replay.md).  A tester's four sessions,
replayed in order on one database (--without-state: each builds on the one
before, as a first day with a new install does):

  setup   the web setup: setup.php, a wrong setup password, the right one
          (PostfixAdmin builds its schema), a superadmin refused (password
          too weak), the superadmin created;
  admin   the superadmin: a failed login, the login, domains (two added,
          one refused), mailboxes (two added, a password mismatch, a
          duplicate), aliases (one added, a bad target refused), an alias
          domain, a mailbox edited (a quota too high, then one that fits), a domain admin created, the lists, a
          search, the log, the send-mail and broadcast forms (mail refused:
          nothing listens), a mailbox deactivated, an alias deleted, logout
          and a page after it;
  user    a mailbox user: failed login, login, the vacation message set,
          a forward, a password change refused (wrong current password),
          logout;
  domadm  the domain admin: login, its domain, a domain it does not
          administer (refused), logout.

The recorded token values are stale: smart replay puts the page's own in
their place (the default rule knows `token`).
"""
import json
import os

TOK = "0123456789abcdef0123456789abcdef"   # stale: replaced by the replay
ADMIN, ADMIN_PW = "admin@example.org", "Admin-pass-67"


def post(url, **form):
    return {"method": "POST", "url": url, "form": form}


def form(url, fields):
    return {"method": "POST", "url": url, "form": fields}


def login(url, user, password):
    return form(url, {"token": TOK, "fUsername": user, "fPassword": password, "lang": "en", "submit": "Login"})


def edit(table, values, submit, extra=None):
    f = {"table": table, "token": TOK}
    f.update({"value[%s]" % k: v for k, v in values.items()})
    f.update(extra or {})
    f["submit"] = submit
    return form("/edit.php?table=" + table + ("&edit=" + (extra or {}).get("_edit", "") if extra and "_edit" in extra else ""), f)


setup = [
    {"url": "/setup.php"},
    post("/setup.php", setup_password="wrong-pass", submit="login"),
    post("/setup.php", setup_password="setup-pass-5", submit="login"),
    post("/setup.php", setup_password="setup-pass-5", submit="createadmin", username=ADMIN,
         password="weakpass", password2="weakpass"),
    post("/setup.php", setup_password="setup-pass-5", submit="createadmin", username=ADMIN,
         password=ADMIN_PW, password2=ADMIN_PW),
]
domain = lambda name, desc: {"domain": name, "description": desc, "aliases": "10", "mailboxes": "10",
                             "maxquota": "10", "quota": "2048", "active": "1", "default_aliases": "1",
                             "password_expiry": "365"}
mailbox = lambda lp, pw, pw2, name: {"local_part": lp, "domain": "example.org", "password": pw, "password2": pw2,
                                     "name": name, "quota": "10", "active": "1"}
admin = [
    {"url": "/login.php"},
    login("/login.php", ADMIN, "not-the-password"),
    login("/login.php", ADMIN, ADMIN_PW),
    {"url": "/list.php?table=domain"},
    {"url": "/edit.php?table=domain"},
    edit("domain", domain("example.org", "Example Org mail"), "Add Domain"),
    edit("domain", domain("not a domain", "typo"), "Add Domain"),
    edit("domain", domain("example.net", "Example Net (secondary)"), "Add Domain"),
    {"url": "/list.php?table=domain"},
    {"url": "/edit.php?table=mailbox&domain=example.org"},
    edit("mailbox", mailbox("alice", "Alice-pass-12", "Alice-pass-12", "Alice Archer"), "Add Mailbox"),
    edit("mailbox", mailbox("bob", "Bob-pass-34", "Bob-pass-34", "Bob Baker"), "Add Mailbox"),
    edit("mailbox", mailbox("carol", "Carol-pass-56", "Carol-pass-65", "Carol Chen"), "Add Mailbox"),
    edit("mailbox", mailbox("alice", "Alice-pass-12", "Alice-pass-12", "Alice Again"), "Add Mailbox"),
    {"url": "/edit.php?table=alias&domain=example.org"},
    edit("alias", {"localpart": "sales", "domain": "example.org", "goto": "alice@example.org\r\nbob@example.org",
                   "active": "1"}, "Add Alias"),
    edit("alias", {"localpart": "info", "domain": "example.org", "goto": "not an address", "active": "1"},
         "Add Alias"),
    {"url": "/list-virtual.php?domain=example.org"},
    {"url": "/edit.php?table=aliasdomain"},
    edit("aliasdomain", {"alias_domain": "example.net", "target_domain": "example.org", "active": "1"},
         "Add Alias Domain"),
    {"url": "/edit.php?table=mailbox&edit=bob%40example.org"},
    form("/edit.php?table=mailbox&edit=bob%40example.org", {
        "table": "mailbox", "token": TOK, "value[name]": "Robert Baker", "value[password]": "",
        "value[password2]": "", "value[quota]": "20", "value[active]": "1", "submit": "Save changes"}),
    form("/edit.php?table=mailbox&edit=bob%40example.org", {
        "table": "mailbox", "token": TOK, "value[name]": "Robert Baker", "value[password]": "",
        "value[password2]": "", "value[quota]": "8", "value[active]": "1", "submit": "Save changes"}),
    {"url": "/list.php?table=admin"},
    {"url": "/edit.php?table=admin"},
    edit("admin", {"username": "dom@example.net", "password": "Dom-pass-78", "password2": "Dom-pass-78",
                   "domains][": "example.net", "active": "1"}, "Add Admin"),
    {"url": "/list.php?table=admin"},
    {"url": "/list-virtual.php?domain=example.org"},
    form("/list-virtual.php", {"search[_]": "ali"}),
    {"url": "/viewlog.php"},
    {"url": "/sendmail.php"},
    form("/sendmail.php", {"token": TOK, "fTo": "alice@example.org", "fSubject": "Welcome",
                           "fBody": "Your mailbox is ready.", "submit": "Send Message"}),
    {"url": "/broadcast-message.php"},
    {"url": "/edit.php?table=adminpassword"},
    {"url": "/list.php?table=fetchmail"},
    {"url": "/editactive.php?table=mailbox&id=bob%40example.org&active=0&token=" + TOK},
    form("/delete.php", {"table": "alias", "delete": "sales@example.org", "token": TOK}),
    {"url": "/list-virtual.php?domain=example.org"},
    {"url": "/login.php"},   # the menu's Logout
    {"url": "/list.php?table=domain"},
]
user = [
    {"url": "/users/login.php"},
    login("/users/login.php", "alice@example.org", "wrong"),
    login("/users/login.php", "alice@example.org", "Alice-pass-12"),
    {"url": "/users/main.php"},
    {"url": "/users/vacation.php"},
    form("/users/vacation.php", {"token": TOK, "fActiveFrom": "2030-08-01", "fActiveUntil": "2030-08-15",
                                 "fSubject": "Away in August", "fBody": "Back on the 16th.",
                                 "fInterval_Time": "0", "action": "fChange"}),
    {"url": "/users/edit-alias.php"},
    form("/users/edit-alias.php", {"token": TOK, "fGoto": "alice.archer@example.net",
                                   "fForward_and_store": "1", "submit": "Save changes"}),
    {"url": "/users/password.php"},
    form("/users/password.php", {"token": TOK, "fPassword_current": "wrong", "fPassword": "New-pass-90",
                                 "fPassword2": "New-pass-90", "submit": "Change Password"}),
    {"url": "/users/login.php"},
]
domadm = [
    {"url": "/login.php"},
    login("/login.php", "dom@example.net", "Dom-pass-78"),
    {"url": "/list.php?table=domain"},
    {"url": "/list-virtual.php?domain=example.net"},
    {"url": "/list-virtual.php?domain=example.org"},
    {"url": "/login.php"},
]
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sessions.json")
sessions = [("setup", setup), ("admin", admin), ("user", user), ("domadm", domadm)]
with open(out, "w") as f:
    json.dump({"sessions": [{"name": n, "requests": r} for n, r in sessions]}, f, indent=1)
    f.write("\n")
print("%d sessions, %d requests" % (len(sessions), sum(len(r) for _, r in sessions)))
