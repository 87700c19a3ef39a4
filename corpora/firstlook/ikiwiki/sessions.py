#!/usr/bin/env python3
"""Writes sessions.json of the first-look ikiwiki corpus (run once by hand;
the JSON is committed).  The account creation password is written as
smart-Iki-join, which run.sh replaces with the run's own."""
import json, sys

CGI = "/ikiwiki.cgi"
JOIN = "smart-Iki-join"


def get(url):
    return {"url": url}


def post(form):
    return {"method": "POST", "url": CGI, "form": form}


def signin(name, password, submit="Login"):
    return post({"_submitted_signin": "1", "do": "signin", "name": name,
                 "password": password, "_submit": submit})


def register(name, password, confirm, email):
    return post({"_submitted_signin": "1", "do": "signin", "name": name,
                 "password": password, "confirm_password": confirm,
                 "account_creation_password": JOIN, "email": email,
                 "_submit": "Create Account"})


def edit(do, page, content, message, submit="Save Page", frm=""):
    return post({"_submitted": "1", "do": do, "sid": "x", "from": frm,
                 "rcsinfo": "x", "page": page, "type": "mdwn",
                 "editcontent": content, "editmessage": message,
                 "_submit": submit})


def comment(page, subject, content, submit="Post comment"):
    return post({"_submitted": "1", "do": "comment", "sid": "x", "page": page,
                 "subject": subject, "editcontent": content, "type": "mdwn",
                 "_submit": submit})


ABOUT = """This wiki is written by the people who build and run the harbour
scheduling tools. Anyone with an account may edit a page; sign in first
(the *Edit* link asks for it). Please keep pages short, link them from
the [[index]] and say in the change's description what you changed.

The front page is locked: ask an admin ([[Team]]) to change it.

[[!tag meta]]
"""
UPGRADE = """[[!meta title="Upgrading the berth planner"]]
1. Stop the service: `berths stop`
2. Back up the database: `pg_dump berths > berths.sql`
3. Upgrade: `pip install --upgrade berth-planner`
4. Start the service again and check the log for *migrated*.

See [[install]] for a new installation.

[[!tag planner howto]]
"""
MINUTES = """[[!meta title="Meeting minutes, week 9"]]
Present: Ada, Grace, Linus.

1. The tug roster export is late on Mondays: Grace checks the cron job.
2. Release 2.5 is planned for the end of the month.
3. The wiki moves to the new server next week.
4. Decided: berth reservations longer than 10 days need a second approval.

[[!tag meeting decision]]
"""
TEAM = """[[!meta title="Team"]]
[[!table data=\"\"\"
Name|Role|Ask about
Ada Lovelace|lead|the planner, releases
Grace Hopper|operations|the nightly import, cron jobs
Linus Pauling|data|the pilot feed, reports
Margaret Hamilton|on call|night shifts, alerts
\"\"\"]]

[[!tag meta]]
"""

sessions = [
    {"name": "anonymous", "requests": [
        get("/"),
        get("/blog/"),
        get("/blog/release-2-4/"),
        get("/docs/install/"),
        get("/team/"),
        get("/tags/planner/"),
        get("/recentchanges/"),
        get(CGI + "?P=pilot+feed"),
        get(CGI + "?do=getsource&page=docs%2Ffaq"),
        get(CGI + "?do=edit&page=about"),
        signin("nobody", "secret"),
        get("/no/such/page/"),
        get(CGI + "?do=nosuchaction"),
    ]},
    {"name": "join", "requests": [
        get(CGI + "?do=prefs"),
        signin("", "", "Register"),
        register("ada", "smart-Ada-2024", "smart-Ada-2025", "ada@harbour.test"),
        register("ada", "smart-Ada-2024", "smart-Ada-2024", "ada@harbour.test"),
        signin("ada", "smart-Ada-2024"),
        post({"_submitted_preferences": "1", "do": "prefs", "sid": "x",
              "password": "", "confirm_password": "", "email": "ada.lovelace@harbour.test",
              "_submit": "Save Preferences"}),
        post({"_submitted_preferences": "1", "do": "prefs", "sid": "x",
              "_submit": "Logout"}),
        signin("", "", "Register"),
        register("grace", "smart-Grace-2024", "smart-Grace-2024", "grace@harbour.test"),
    ]},
    {"name": "editor", "requests": [
        get("/about/"),
        get(CGI + "?do=edit&page=about"),
        signin("ada", "wrong-password"),
        signin("ada", "smart-Ada-2024"),
        edit("edit", "about", ABOUT, "ask for edits of the front page", "Preview"),
        edit("edit", "about", ABOUT, "ask for edits of the front page"),
        get(CGI + "?do=create&from=docs&page=upgrade"),
        edit("create", "docs/upgrade", UPGRADE, "how to upgrade", "Preview", "docs"),
        edit("create", "docs/upgrade", UPGRADE, "how to upgrade", frm="docs"),
        get(CGI + "?do=edit&page=blog%2Fmeeting-minutes"),
        edit("edit", "blog/meeting-minutes", MINUTES, "the decision on long reservations"),
        get("/tags/decision/"),
        get(CGI + "?do=comment&page=blog%2Fpilot-feed"),
        comment("blog/pilot-feed", "Missing days", "Were the *two* missing days re-imported for all berths?", "Preview"),
        comment("blog/pilot-feed", "Missing days", "Were the *two* missing days re-imported for all berths?"),
        get("/blog/"),
        get(CGI + "?do=rename&page=docs%2Ffaq"),
        post({"_submitted_rename": "1", "do": "rename", "page": "docs/faq", "sid": "x",
              "new_name": "docs/questions", "type": "mdwn", "_submit": "Rename"}),
        get(CGI + "?do=remove&page=blog%2Fmeeting-minutes"),
        post({"_submitted_remove": "1", "do": "remove", "page": "blog/meeting-minutes",
              "sid": "x", "_submit": "Remove"}),
        get("/recentchanges/"),
        get(CGI + "?P=upgrade"),
        get(CGI + "?do=prefs"),
        post({"_submitted_preferences": "1", "do": "prefs", "sid": "x",
              "_submit": "Logout"}),
    ]},
    {"name": "second", "requests": [
        get(CGI + "?do=signin"),
        signin("grace", "smart-Grace-2024"),
        get(CGI + "?do=edit&page=index"),
        get(CGI + "?do=edit&page=team"),
        edit("edit", "team", TEAM, "Margaret joins on call"),
        get(CGI + "?do=comment&page=blog%2Frelease-2-4"),
        comment("blog/pilot-feed", "", "Yes, all of them, on the second day.", "Post comment"),
        get("/blog/pilot-feed/"),
        get(CGI + "?do=edit&page=docs%2Fno-such-page"),
        get("/docs/questions/"),
        get("/recentchanges/"),
        post({"_submitted_preferences": "1", "do": "prefs", "sid": "x",
              "_submit": "Logout"}),
        get(CGI + "?do=edit&page=team"),
    ]},
]

json.dump({"sessions": sessions}, sys.stdout, indent=1)
sys.stdout.write("\n")
print(sum(len(s["requests"]) for s in sessions), "requests", file=sys.stderr)
