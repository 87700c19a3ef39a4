#!/usr/bin/env python3
"""Writes sessions.json, the recorded sessions of the davical corpus, in
smart's JSON session format (docs/replay.md).  An administrator's and a
user's sessions, replayed in order against one install (what `edit`
makes, `user` uses and `cleanup` removes):

  anonymous  the start page (the login form), failed logins (a wrong
             password, an unknown user, an empty password), an
             administration page asked for before logging in, a page that
             does not exist;
  browse     admin logs in (the administration page) and goes through its
             own principal, the lists of users, of all principals, of
             resources and of groups, the inactive principals, the tools, the external calendars, the iSchedule page,
             the help page, a page of an unknown kind, a principal that
             does not exist, and logs out;
  edit       admin creates a user (first without a name: the form again,
             with its error), a resource and a group, adds the user to the
             group, grants the group read access to the resource, creates
             a collection for the user (first without a name: the form
             again, with its error), edits it, grants the group write
             access to it, gives the user an access ticket to its calendar
             and a binding to the resource's calendar, changes the user's
             full name, locale and date format, and logs out;
  user       the new user logs in, reads its own principal and the
             group, is refused the setup page and a change to the
             administrator's principal, and logs out;
  cleanup    admin deletes the ticket, the collection, the group
             membership, the group, the resource and the user (each
             deletion but the membership's through its confirmation link),
             and logs out.

The recorded csrf_token (in every form), the ticket's id (random per form)
and the confirmation hashes of the deletion links are stale values: smart
replay puts those of the page before in their place (its default token
rule matches *csrf*; run.sh adds ticket_id and confirm), as a browser
posts the form or follows the link it was given.  The principals' and
collections' ids are DAViCal's sequence numbers, the same in every run.
"""
import json
import os

CSRF = "0" * 64             # replaced by the replay
TICKET = "stALe000"         # replaced by the replay
CONFIRM = "*stale*0123456789abcdef0123456789abcdef"   # replaced by the replay
ADMINPW = "Dav1cal-Adm1n"
USERPW = "Lab-V1ewer"
# the ids the edit session's creations get (dav_id_seq starts at 1001;
# a person's four home collections take the next four)
USER, RESOURCE, GROUP = 1001, 1006, 1011
NEW_COLL = 1012   # the user's new collection

PRIVS = ["read", "write-properties", "write-content", "unlock", "read-acl",
         "read-current-user-privilege-set", "bind", "unbind", "write-acl", "read-free-busy",
         "schedule-deliver-invite", "schedule-deliver-reply", "schedule-query-freebusy",
         "schedule-send-invite", "schedule-send-reply", "schedule-send-freebusy"]


def get(url):
    return {"url": url}


def post(url, form):
    return {"method": "POST", "url": url, "form": form}


def login(user, password):
    return post("/index.php", {"username": user, "password": password, "submit": "GO!"})


def privileges(field, names):
    """The privilege checkboxes of a DAViCal form: a hidden placeholder and
    one field per ticked privilege."""
    f = {field + "[fake_privilege_for_input]": "0"}
    for n in names:
        f["%s[%s]" % (field, n)] = "on"
    return f


def principal_form(username, fullname, email, type_id, action="insert", editor=1,
                   password="", admin="off", locale="", date_format="E", privs=("read-free-busy",)):
    """The principal editor's fields as DAViCal's form posts them."""
    f = {"xxxxusername": username,
         "newpass1": password or "@@@@@@@@@@", "newpass2": password or "@@@@@@@@@@",
         "fullname": fullname, "email": email, "locale": locale,
         "date_format_type": date_format, "type_id": str(type_id), "is_admin": admin,
         "user_active": "on"}
    f.update(privileges("default_privileges", privs))
    f["_editor_action[editor_%d]" % editor] = action
    f["submit"] = "Create" if action == "insert" else "Apply Changes"
    f["csrf_token"] = CSRF
    return f


def collection_form(user_no, name, displayname, action="insert", description="", public="off"):
    """The collection editor's fields."""
    f = {"user_no": str(user_no), "collection_name": name, "mode": "off",
         "dav_displayname": displayname, "publicly_readable": public,
         "is_calendar": "on", "is_addressbook": "off", "use_default_privs": "on",
         "timezone": "", "schedule_transp": "opaque", "description": description,
         "_editor_action[editor_1]": action,
         "submit": "Create" if action == "insert" else "Apply Changes", "csrf_token": CSRF}
    return f


def principal(pid, extra=""):
    return "/admin.php?action=edit&t=principal&id=%d%s" % (pid, extra)


def sessions():
    anonymous = [
        get("/"),
        login("admin", "wrong-password"),
        login("nobody", ADMINPW),
        login("admin", ""),
        get("/admin.php?action=browse&t=principal&type=1"),
        get("/no-such-page.php"),
    ]
    browse = [
        login("admin", ADMINPW),
        get(principal(1)),
        get("/admin.php?action=browse&t=principal&type=1"),
        get("/admin.php?action=browse&t=principal"),
        get("/admin.php?action=browse&t=principal&type=2"),
        get("/admin.php?action=browse&t=principal&type=3"),
        get("/admin.php?action=browse&t=principal&active=f"),
        get("/tools.php"),
        get("/admin.php?action=browse&t=external"),
        get("/iSchedule.php"),
        get("/help.php"),
        get("/admin.php?action=browse&t=calendar"),
        get(principal(4242)),
        get("/index.php?logout"),
    ]
    create = "/admin.php?action=edit&t=principal"
    edit = [
        login("admin", ADMINPW),
        get(create),
        post(create, principal_form("", "Lab Viewer", "lab.viewer@example.net", 1, password=USERPW)),
        post(create, principal_form("lab.viewer", "Lab Viewer", "lab.viewer@example.net", 1,
                                    password=USERPW, date_format="I")),
        get(create),
        post(create, principal_form("room.nile", "Meeting room Nile", "room.nile@example.net", 2,
                                    privs=("read-free-busy", "schedule-deliver-invite",
                                           "schedule-deliver-reply", "schedule-query-freebusy"))),
        post(create, principal_form("lab.operators", "Lab operators", "lab.operators@example.net", 3,
                                    privs=())),
        # the user joins the group (the group's member form)
        post(principal(GROUP), {"csrf_token": CSRF, "id": str(GROUP), "member_id": str(USER),
                                "_editor_action[editor_2]": "insert", "savegrouprow": "Add"}),
        # the group may read the resource (the resource's grant form)
        get(principal(RESOURCE)),
        post(principal(RESOURCE), dict({"csrf_token": CSRF, "id": str(RESOURCE), "orig_to_id": "-1",
                                        "to_principal": str(GROUP)},
                                       **privileges("grant_privileges", ["read", "read-free-busy"]),
                                       **{"_editor_action[editor_2]": "insert",
                                          "savegrantrow": "Create"})),
        # a collection for the user: first without a name
        get("/admin.php?action=edit&t=collection&id=&user_no=%d" % USER),
        post("/admin.php?action=edit&t=collection&id=&user_no=%d" % USER,
             collection_form(USER, "", "Lab bookings")),
        post("/admin.php?action=edit&t=collection&id=&user_no=%d" % USER,
             collection_form(USER, "bookings", "Lab bookings", description="Bookings of the lab")),
        post("/admin.php?action=edit&t=collection&id=%d" % NEW_COLL,
             dict(collection_form(USER, "bookings", "Lab bookings (shared)", action="update",
                                  description="Bookings of the lab, read by the operators",
                                  public="on"), collection_id=str(NEW_COLL))),
        # the group may write to it (the collection's grant form)
        post("/admin.php?action=edit&t=collection&id=%d" % NEW_COLL,
             dict({"csrf_token": CSRF, "id": str(NEW_COLL), "orig_to_id": "-1",
                   "to_principal": str(GROUP)},
                  **privileges("grant_privileges", ["read", "write-content", "bind"]),
                  **{"_editor_action[editor_2]": "insert", "savegrantrow": "Grant"})),
        # an access ticket to the user's calendar, a binding to the room's
        get(principal(USER)),
        post(principal(USER), dict({"csrf_token": CSRF, "id": str(USER), "ticket_id": TICKET,
                                    "target": "/lab.viewer/calendar/", "expires": ""},
                                   **privileges("ticket_privileges", ["read", "read-free-busy"]),
                                   **{"_editor_action[editor_3]": "insert", "ticketrow": "Create"})),
        post(principal(USER), {"csrf_token": CSRF, "id": str(USER), "dav_name": "/lab.viewer/nile/",
                               "dav_displayname": "Room Nile", "source": "/room.nile/calendar/",
                               "access_ticket_id": "", "_editor_action[editor_4]": "insert",
                               "bindingrow": "Create"}),
        post(principal(USER), dict(principal_form("lab.viewer", "Lab Viewer (bookings)",
                                                  "lab.viewer@example.net", 1, action="update",
                                                  locale="de_DE", date_format="U"),
                                   principal_id=str(USER))),
        get("/index.php?logout"),
    ]
    user = [
        login("lab.viewer", USERPW),
        get(principal(USER)),
        get(principal(GROUP)),
        get("/setup.php"),
        post(principal(1), dict(principal_form("admin", "Taken over", "x@example.net", 1,
                                               action="update"), principal_id="1")),
        get("/index.php?logout"),
    ]
    user_page = principal(USER)
    cleanup = [
        login("admin", ADMINPW),
        get(user_page),
        get(principal(USER, "&ticket_id=%s&subaction=delete_ticket" % TICKET)),
        get(principal(USER, "&ticket_id=%s&subaction=delete_ticket&confirm=%s" % (TICKET, CONFIRM))),
        get(principal(USER, "&collection_id=%d&subaction=delete_collection" % NEW_COLL)),
        get(principal(USER, "&collection_id=%d&subaction=delete_collection&confirm=%s"
                      % (NEW_COLL, CONFIRM))),
        get(principal(GROUP, "&delete_member=%d" % USER)),
        get(principal(GROUP, "&subaction=delete_principal")),
        get(principal(GROUP, "&subaction=delete_principal&confirm=%s" % CONFIRM)),
        get(principal(RESOURCE, "&subaction=delete_principal")),
        get(principal(RESOURCE, "&subaction=delete_principal&confirm=%s" % CONFIRM)),
        get(principal(USER, "&subaction=delete_principal")),
        get(principal(USER, "&subaction=delete_principal&confirm=%s" % CONFIRM)),
        get("/index.php?logout"),
    ]
    return {"sessions": [{"name": n, "requests": r} for n, r in
                         [("anonymous", anonymous), ("browse", browse), ("edit", edit),
                          ("user", user), ("cleanup", cleanup)]]}


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "sessions.json"), "w") as f:
        json.dump(sessions(), f, indent=1)
        f.write("\n")
