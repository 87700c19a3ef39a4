#!/usr/bin/env python3
"""Writes sessions.json, the recorded sessions of the zabbix corpus, in
smart's JSON session format (docs/replay.md).  An operator's four sessions,
replayed in order against one install (what `edit` makes, `user` uses):

  anonymous  the login page, failed logins (a wrong password, an unknown
             user), pages asked for before logging in, an unknown action;
  browse     Admin logs in (the failed attempts are reported) and goes
             through dashboards, problems, hosts, latest data, a map, host
             groups, hosts, templates, items and triggers (filtered),
             maps, actions, two searches, the system information, the
             audit log, users, user groups, media types, the GUI settings,
             a host that does not exist, and logs out;
  edit       Admin creates a host group, a host (the host form posts to a
             JSON action: its answer is not a page), an item (first with a
             form missing fields: "Page received incorrect data"), edits
             it, adds a trigger, tries to delete the group the host is in
             (refused), creates a user group and a user (first with a
             password the rules refuse), deletes the item, reads the audit
             log and logs out;
  user       the new user logs in, sees the dashboard and the hosts it may
             read, is refused the users list and the host groups, logs out.

The recorded `sid` (the session's anti-CSRF value in forms and action
links), and the `sign` and `data` of the page through which the frontend
redirects after a form (a form a script submits at once, carrying the
message, signed with the install's session key) are stale values: smart
replay puts the ones of the page before in their place (run.sh's token
patterns), as the browser does.
"""
import json
import os

SID = "0123456789abcdef"   # stale: replaced by the replay
HOST, ITEM, GROUP, USRGRP = "10559", "44518", "20", "13"   # ids a fresh install gives


def get(url):
    return {"url": url}


def post(url, form):
    return {"method": "POST", "url": url, "form": form}


def act(action, **q):
    return get("/zabbix.php?action=" + action + "".join("&%s=%s" % kv for kv in q.items()))


def login(user, password):
    return post("/index.php", {"name": user, "password": password, "autologin": "1",
                               "enter": "Sign in"})


def follow(action):
    """The frontend's redirect after a form: the page's form, posted."""
    return post("/zabbix.php?action=" + action, {"formdata": "", "sign": "stale", "data": "stale"})


LOGOUT = post("/index.php?reconnect=1", {"sid": SID})


def item_form(**extra):
    f = {"sid": SID, "form_refresh": "1", "form": "create", "hostid": HOST,
         "name": "Room temperature", "type": "2", "key": "lab.temperature", "value_type": "0",
         "units": "C", "delay": "1m", "history_mode": "1", "history": "90d", "trends_mode": "1",
         "trends": "365d", "status": "0"}
    f.update(extra)
    return f


def user_form(password):
    return {"sid": SID, "form_refresh": "1", "action": "user.create", "userid": "0",
            "username": "lab.viewer", "name": "Lab", "surname": "Viewer", "password1": password,
            "password2": password, "user_groups[]": USRGRP, "lang": "default",
            "timezone": "default", "theme": "default", "autologin": "0", "autologout": "15m",
            "refresh": "30s", "rows_per_page": "50", "url": "", "roleid": "1"}


ctx = "&context=host"
anonymous = [
    get("/index.php"),
    login("Admin", "wrong-password"),
    login("nobody", "zabbix"),
    act("host.list"),
    get("/hostgroups.php"),
    act("no.such.action"),
    get("/items.php?filter_set=1&filter_hostids[]=10084" + ctx),
]

browse = [
    login("Admin", "zabbix"),
    act("dashboard.list"),
    act("dashboard.view", dashboardid="1"),
    act("problem.view"),
    act("host.view"),
    get("/zabbix.php?action=latest.view&filter_hostids[]=10084&filter_set=1"),
    act("map.view", sysmapid="1"),
    get("/hostgroups.php"),
    act("host.list", filter_name="Zabbix", filter_set="1"),
    get("/templates.php?filter_name=Linux&filter_set=1"),
    get("/items.php?filter_set=1&filter_hostids[]=10084" + ctx),
    get("/triggers.php?filter_set=1&filter_hostids[]=10084" + ctx),
    get("/sysmaps.php"),
    get("/actionconf.php?eventsource=0"),
    act("search", search="Linux"),
    act("search", search="no-such-thing"),
    act("report.status"),
    act("auditlog.list"),
    act("user.list"),
    act("usergroup.list"),
    act("mediatype.list"),
    act("gui.edit"),
    act("host.edit", hostid="999999"),
    LOGOUT,
]

edit = [
    login("Admin", "zabbix"),
    get("/hostgroups.php?form=create"),
    post("/hostgroups.php", {"sid": SID, "form_refresh": "1", "groupid": "0", "form": "create",
                             "name": "Smart lab servers", "add": "Add"}),
    act("host.edit", **{"groupids[]": GROUP}),
    post("/zabbix.php?action=host.create", {
        "sid": SID, "host": "web-01", "visiblename": "Web server 01", "groups[]": GROUP,
        "status": "0", "interfaces[1][isNew]": "true", "interfaces[1][interfaceid]": "1",
        "interfaces[1][type]": "1", "interfaces[1][ip]": "127.0.0.1", "interfaces[1][dns]": "",
        "interfaces[1][useip]": "1", "interfaces[1][port]": "10050", "mainInterfaces[1]": "1",
        "description": "A host of the lab", "inventory_mode": "-1", "tls_connect": "1",
        "tls_accept": "1", "show_inherited_macros": "0", "ipmi_authtype": "-1",
        "ipmi_privilege": "2"}),
    act("host.list", filter_name="web", filter_set="1"),
    get("/items.php?form=create&hostid=" + HOST + ctx),
    post("/items.php?context=host", item_form(add="Add")),
    post("/items.php?context=host", item_form(trapper_hosts="", inventory_link="0",
                                              description="Sent by the lab sensor", add="Add")),
    get("/items.php?form=update&hostid=" + HOST + "&itemid=" + ITEM + ctx),
    post("/items.php?context=host", item_form(form="update", itemid=ITEM, units="degC",
                                              delay="30s", trapper_hosts="127.0.0.1",
                                              inventory_link="0",
                                              description="Sent by the lab sensor",
                                              update="Update")),
    post("/triggers.php?context=host", {
        "sid": SID, "form_refresh": "1", "form": "create", "hostid": HOST,
        "expression_constructor": "1", "recovery_expression_constructor": "1",
        "description": "Lab too warm", "event_name": "", "opdata": "Now: {ITEM.LASTVALUE1}",
        "priority": "3", "expression": "last(/web-01/lab.temperature)>30",
        "recovery_mode": "0", "recovery_expression": "", "type": "0", "correlation_mode": "0",
        "correlation_tag": "", "manual_close": "1", "url": "",
        "comments": "The lab is above 30 C", "status": "0", "tags[0][tag]": "scope",
        "tags[0][value]": "climate", "add": "Add"}),
    get("/triggers.php?filter_set=1&filter_hostids[]=" + HOST + ctx),
    post("/hostgroups.php", {"sid": SID, "action": "hostgroup.massdelete",
                             "groups[" + GROUP + "]": GROUP}),
    act("usergroup.edit"),
    post("/zabbix.php", {"sid": SID, "form_refresh": "1", "action": "usergroup.create",
                         "name": "Lab operators", "gui_access": "0", "users_status": "0",
                         "group_rights[0][name]": "", "group_rights[0][grouped]": "1",
                         "group_rights[0][permission]": "-1",
                         "group_rights[" + GROUP + "][name]": "Smart lab servers",
                         "group_rights[" + GROUP + "][grouped]": "0",
                         "group_rights[" + GROUP + "][permission]": "2"}),
    follow("usergroup.list"),
    post("/zabbix.php", user_form("Lab-viewer-2024")),
    follow("user.edit"),
    post("/zabbix.php", user_form("Quiet-Harbor-7291")),
    follow("user.list"),
    post("/items.php?context=host", {"sid": SID, "hostid": HOST, "action": "item.massdelete",
                                     "group_itemid[" + ITEM + "]": ITEM}),
    act("auditlog.list"),
    LOGOUT,
]

user = [
    login("lab.viewer", "Quiet-Harbor-7291"),
    act("host.view"),
    act("problem.view"),
    act("user.list"),
    get("/hostgroups.php"),
    LOGOUT,
]

sessions = {"sessions": [{"name": n, "requests": r} for n, r in
                         [("anonymous", anonymous), ("browse", browse), ("edit", edit),
                          ("user", user)]]}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "sessions.json"), "w") as f:
    json.dump(sessions, f, indent=1)
    f.write("\n")
print("sessions.json: %d sessions, %d requests" % (
    len(sessions["sessions"]), sum(len(s["requests"]) for s in sessions["sessions"])))
