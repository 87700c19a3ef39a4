#!/usr/bin/env python3
"""Writes sessions.json, the recorded sessions of the icingaweb corpus, in
smart's JSON session format (docs/replay.md).  An administrator's and a
user's sessions, replayed in order against one install (what `edit`
makes, `user` uses and `cleanup` removes):

  anonymous  the start page (redirected to the login page through the
             cookie check), failed logins (a wrong password, an unknown
             user, an empty password), a page asked for before logging in,
             a page that does not exist;
  browse     icingaadmin logs in (the dashboard) and goes through the about
             page, announcements, the configuration (general, resources,
             modules, the monitoring module), roles and a user's privilege
             audit, users, groups, the account page, a search, a monitoring
             list (no backend: an error page), a page that does not exist,
             a user of an unknown backend (a bad parameter), and logs out;
  edit       icingaadmin creates a user (first without a name: the form
             again, with its error), creates a group and adds the user to
             it, creates a role for the group (first with a name already
             taken), edits the role, creates an announcement, changes its
             own preferences, and logs out (the role forms answer a browser
             without JavaScript with a redirect to "__CLOSE__", a page not
             found: what Icinga Web 2 does);
  user       the new user logs in (an empty dashboard), reads the
             announcements its role allows, is refused the configuration and
             the user list, logs out;
  cleanup    icingaadmin removes the announcement, the role, the group
             and the user (each through its confirmation form), and logs
             out.

The recorded CSRFToken (in every form) is a stale value: smart replay puts
the one of the page before in its place (its default token rule matches
*csrf*), as a browser posts the form it was given.  The announcement's id
(uniqid, from the clock) is taken the same way from the link of the page
before (run.sh's --token-pattern id).
"""
import json
import os

CSRF = "1234567|stale"   # replaced by the replay
ANN = "0123456789abc"    # stale announcement id: replaced by the replay
B = "backend=icingaweb2"


def get(url):
    return {"url": url}


def post(url, form):
    return {"method": "POST", "url": url, "form": form}


def form(uid, fields, button="btn_submit", label="Add"):
    """A form's fields as Icinga Web 2 posts them: the fields, its formUID
    (when it has one), the CSRF token and the submit button."""
    f = dict(fields)
    if uid:
        f["formUID"] = uid
    f["CSRFToken"] = CSRF
    f[button] = label
    return f


def login(user, password):
    """The login page, then its form posted (the page sets the cookie
    check's cookie and gives the CSRF token)."""
    return [get("/authentication/login"),
            post("/authentication/login", form("form_login", {
                "username": user, "password": password, "rememberme": "0", "redirect": ""},
                label="Login"))]


LOGOUT = get("/authentication/logout")


def user_form(name, password, active="1"):
    return form("IcingaFormsConfigUserUserForm",
                {"is_active": active, "user_name": name, "password": password})


def role_form(name, groups, label, **perms):
    # a browser posts the restrictions' text fields empty; the form
    # refuses a post without them
    f = {"name": name, "parent": "", "users": "", "groups": groups, "allAndEverything": "0",
         "unrestricted": "0", "applicationshareusers": "", "applicationsharegroups": "",
         "monitoringfilterobjects": "", "monitoringblacklistproperties": ""}
    f.update(perms)
    return form("IcingaFormsSecurityRoleForm", f, label=label)


anonymous = [
    get("/"),
    login("icingaadmin", "wrong-password")[1],
    post("/authentication/login", form("form_login", {
        "username": "nobody", "password": "Ic1nga-Adm1n", "rememberme": "0", "redirect": ""},
        label="Login")),
    post("/authentication/login", form("form_login", {
        "username": "icingaadmin", "password": "", "rememberme": "0", "redirect": ""},
        label="Login")),
    get("/config/general"),
    get("/no/such/page"),
]

browse = [
    *login("icingaadmin", "Ic1nga-Adm1n"),
    get("/about"),
    get("/announcements"),
    get("/config/general"),
    get("/config/resource"),
    get("/config/modules"),
    get("/config/module?name=monitoring"),
    get("/role/list"),
    get("/role/audit?type=user&name=icingaadmin"),
    get("/user/list"),
    get("/group/list"),
    get("/account"),
    get("/search?q=admin"),
    get("/monitoring/list/hosts"),
    get("/no/such/page"),
    get("/user/show?backend=nosuch&user=icingaadmin"),
    LOGOUT,
]

edit = [
    *login("icingaadmin", "Ic1nga-Adm1n"),
    get("/user/add?" + B),
    post("/user/add?" + B, user_form("", "Lab-viewer-2024")),
    post("/user/add?" + B, user_form("lab.viewer", "Quiet-Harbor-7291")),
    get("/group/add?" + B),
    post("/group/add?" + B, form("IcingaFormsConfigUserGroupUserGroupForm",
                                 {"group_name": "Lab operators"})),
    get("/group/addmember?" + B + "&group=Lab%20operators"),
    post("/group/addmember?" + B + "&group=Lab%20operators", form(None, {"users": "lab.viewer"})),
    get("/role/add"),
    post("/role/add", role_form("Administrators", "Lab operators", "Create Role")),
    post("/role/add", role_form("Lab viewers", "Lab operators", "Create Role",
                                applicationannouncements="1", user="1",
                                userpasswordchange="1")),
    get("/role/edit?role=Lab%20viewers"),
    post("/role/edit?role=Lab%20viewers", role_form("Lab viewers", "Lab operators", "Update Role",
                                                  applicationannouncements="1", user="1",
                                                  userpasswordchange="1", applicationlog="0",
                                                  configmodules="0")),
    get("/announcements/new"),
    post("/announcements/new", form("IcingaFormsAnnouncementAnnouncementForm", {
        "author": "icingaadmin", "message": "Maintenance of the lab network tonight.",
        "start": "2020-01-01T00:00", "end": "2030-12-31T23:59"}, label="Create")),
    get("/account"),
    post("/account", form("form_config_preferences", {
        "theme": "Icinga", "theme_mode": "", "language": "en_US", "timezone": "autodetect",
        "show_application_state_messages": "system", "show_stacktraces": "0",
        "show_benchmark": "0", "auto_refresh": "0", "default_page_size": "25"},
        label="Save to the Preferences")),
    LOGOUT,
]

user = [
    *login("lab.viewer", "Quiet-Harbor-7291"),
    get("/announcements"),
    get("/config/general"),
    get("/user/list"),
    LOGOUT,
]

cleanup = [
    *login("icingaadmin", "Ic1nga-Adm1n"),
    get("/announcements"),
    post("/announcements/remove?id=" + ANN, form("IcingaFormsAnnouncementAnnouncementForm", {},
                                                 label="Yes")),
    get("/role/remove?role=Lab%20viewers"),
    post("/role/remove?role=Lab%20viewers", form("IcingaFormsSecurityRoleForm", {}, label="Remove Role")),
    get("/group/remove?" + B + "&group=Lab%20operators"),
    post("/group/remove?" + B + "&group=Lab%20operators",
         form("IcingaFormsConfigUserGroupUserGroupForm", {}, label="Yes")),
    get("/user/remove?" + B + "&user=lab.viewer"),
    post("/user/remove?" + B + "&user=lab.viewer", form("IcingaFormsConfigUserUserForm", {},
                                                          label="Yes")),
    LOGOUT,
]

sessions = {"sessions": [{"name": n, "requests": r} for n, r in
                         [("anonymous", anonymous), ("browse", browse), ("edit", edit),
                          ("user", user), ("cleanup", cleanup)]]}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "sessions.json"), "w") as f:
    json.dump(sessions, f, indent=1)
    f.write("\n")
print("sessions.json: %d sessions, %d requests" % (
    len(sessions["sessions"]), sum(len(s["requests"]) for s in sessions["sessions"])))
