#!/usr/bin/env python3
"""Writes sessions.json, the recorded sessions of the lam corpus, in
smart's JSON session format (docs/replay.md).  The profile administrator's
sessions, replayed in order against one install (what `edit` makes,
`cleanup` removes):

  anonymous  the login page, failed logins (a wrong password, an empty
             one), a list asked for before logging in, the configuration
             logins (a wrong profile password, a wrong master password);
  browse     ada logs in (the user list) and sorts, pages and filters it,
             lists groups and hosts, opens a user, a group and a host in
             the account editor and goes through its tabs, the tree view,
             the tools (server information, schema, tests, profiles, PDF
             editor, import/export, multi edit, OU editor), meets error
             pages (an unknown account type, an unknown entry) and logs
             out;
  edit       ada edits and saves a user (first with an empty last name:
             the editor again, with its error) and a group, creates a user
             and a group, and logs out;
  config     the server profile's settings (its password), the general
             settings (the master password), logs out of them;
  cleanup    ada deletes the created user and group (each through the
             confirmation page), and logs out.

The recorded sec_token (in every form of a session) and the account
editor's editKey (in the action of its form) are stale values: smart
replay puts those of the page before in their place (run.sh's
--token-pattern sec_token --token-pattern editKey), as a browser posts the
form it was given.
"""
import base64
import json
import os

TOK = "stale-token"           # replaced by the replay
KEY = "editContainerStale"    # replaced by the replay
L = "/lam/templates"
ADA = "uid=ada,ou=People,dc=example,dc=org"
PW = "smart-Lam-2024"


def get(url):
    return {"url": url}


def post(url, form):
    return {"method": "POST", "url": url, "form": form}


def tok(fields):
    f = dict(fields)
    f["sec_token"] = TOK
    return f


def dn_arg(dn):
    """An entry's DN as the lists link it to the editor: quoted, escaped."""
    from urllib.parse import quote
    return "'" + quote(dn, safe="") + "'"


def login(password=PW):
    return [get(L + "/login.php"),
            post(L + "/login.php", {"username": ADA, "passwd": password,
                                    "language": "en_GB.utf8", "checklogin": "Login"})]


def editor(fields):
    """A post of the account editor's form (its editKey in the action)."""
    return post(L + "/account/edit.php?editKey=" + KEY, tok(fields))


def b64(dn):
    return base64.b64encode(dn.encode()).decode()


LOGOUT = get(L + "/logout.php")
USERS = L + "/lists/list.php?type=user"
GROUPS = L + "/lists/list.php?type=group"
HOSTS = L + "/lists/list.php?type=host"
BOB = "uid=bob,ou=People,dc=example,dc=org"
ENG = "cn=engineering,ou=group,dc=example,dc=org"
NEWU = "uid=lviewer,ou=People,dc=example,dc=org"
NEWG = "cn=labops,ou=group,dc=example,dc=org"

def user_main(**over):
    """The fields of the account editor's first tab (Personal) as a browser
    posts them for bob (every field of the form, most empty: LAM's modules
    read every one of them)."""
    f = {"newPassword1": "", "newPassword2": "", "lam_accountStatusAction": "lock",
         "lam_accountStatusResult": "cancel", "accountContainerSuffix": "ou=People,dc=example,dc=org",
         "accountContainerRDN": "uid", "givenName": "Bob", "sn": "Writer", "initials": "",
         "description_0": "", "street_0": "", "postOfficeBox_0": "", "postalCode_0": "", "l_0": "",
         "st_0": "", "postalAddress0": "", "registeredAddress0": "",
         "physicalDeliveryOfficeName_0": "", "roomNumber": "",
         "telephoneNumber_0": "+44 20 7946 0002", "homePhone_0": "", "mobile_0": "",
         "facsimileTelephoneNumber_0": "", "mail_0": "bob@example.org", "labeledURI_0": "",
         "title_0": "Documentation staff", "carLicense": "", "employeeNumber": "",
         "employeeType": "", "businessCategory_0": "", "departmentNumber_0": "Documentation",
         "ou_0": "", "o_0": ""}
    f.update(over)
    return f


def user_unix(**over):
    """The fields of the account editor's Unix tab, for bob."""
    f = {"newPassword1": "", "newPassword2": "", "lam_accountStatusAction": "lock",
         "lam_accountStatusResult": "cancel", "accountContainerSuffix": "ou=People,dc=example,dc=org",
         "accountContainerRDN": "uid", "uid": "bob", "cn_0": "Bob Writer", "uidNumber": "10002",
         "gecos": "", "homeDirectory": "/home/bob", "gidNumber": "5001", "loginShell": "/bin/bash"}
    f.update(over)
    return f


def group_form(**over):
    f = {"newPassword1": "", "newPassword2": "", "accountContainerSuffix": "ou=group,dc=example,dc=org",
         "accountContainerRDN": "cn", "cn": "engineering", "gidNumber": "5000",
         "description": "Engineering department"}
    f.update(over)
    return f


anonymous = [
    get(L + "/login.php"),
    login("wrong-password")[1],
    login("")[1],
    get(USERS),
    get(L + "/config/conflogin.php"),
    post(L + "/config/confmain.php", {"filename": "lam", "passwd": "wrong-password",
                                      "submit": "Ok"}),
    get(L + "/config/mainlogin.php"),
    post(L + "/config/mainlogin.php", {"passwd": "wrong-password", "submit": "Ok"}),
]

browse = [
    *login(),
    get(USERS + "&sort=sn&norefresh=y&sortdirection=-1"),
    get(USERS + "&norefresh=true&page=2&sort=uid&sortdirection=1"),
    post(USERS + "&norefresh=true", tok({"filteruid": "", "filtergivenname": "",
                                         "filtersn": "*o*", "filteruidnumber": "",
                                         "filtergidnumber": "", "filtermail": "",
                                         "apply_filter": " "})),
    get(GROUPS),
    get(HOSTS),
    get(L + "/account/edit.php?type=user&DN=" + dn_arg(BOB)),
    editor(user_main(form_main_posixAccount=" ")),
    editor(user_unix(form_main_shadowAccount=" ")),
    editor({"accountContainerBackToList": "Back to list"}),
    get(L + "/account/edit.php?type=group&DN=" + dn_arg(ENG)),
    get(L + "/account/edit.php?type=host&DN=" + dn_arg("uid=mail$,ou=hosts,dc=example,dc=org")),
    get(L + "/tools/treeView.php"),
    get(L + "/tools/serverInfo.php"),
    get(L + "/schema/schema.php"),
    get(L + "/tests/index.php"),
    get(L + "/profedit/profilemain.php"),
    get(L + "/pdfedit/pdfmain.php"),
    get(L + "/tools/importexport.php"),
    get(L + "/tools/ou_edit.php"),
    get(L + "/help.php?module=posixAccount&HelpNumber=uid&scope=user"),
    get(L + "/account/edit.php?type=user&DN=" + dn_arg("uid=nobody,ou=People,dc=example,dc=org")),
    LOGOUT,
]

edit = [
    *login(),
    get(L + "/account/edit.php?type=user&DN=" + dn_arg(BOB)),
    editor(user_main(sn="", accountContainerSaveAccount="Save")),
    editor(user_main(title_0="Senior documentation staff", roomNumber="B-214",
                     accountContainerSaveAccount="Save")),
    get(L + "/account/edit.php?type=group&DN=" + dn_arg(ENG)),
    editor(group_form(description="Engineering and research", accountContainerSaveAccount="Save")),
    post(USERS + "&norefresh=true", tok({"new": "New user"})),
    editor(user_main(givenName="Lab", sn="Viewer", mail_0="lviewer@example.org",
                     telephoneNumber_0="", title_0="", departmentNumber_0="",
                     password_cb_posixAccount="on", form_main_posixAccount=" ")),
    editor(user_unix(uid="lviewer", cn_0="Lab Viewer", uidNumber="", gidNumber="5002",
                     homeDirectory="/home/$user", password_cb_posixAccount="on",
                     accountContainerSaveAccount="Save")),
    post(GROUPS + "&norefresh=true", tok({"new": "New group"})),
    editor(group_form(cn="labops", gidNumber="5100", description="Lab operators",
                      password_cb_posixGroup="on", accountContainerSaveAccount="Save")),
    get(USERS),
    LOGOUT,
]

config = [
    get(L + "/config/conflogin.php"),
    post(L + "/config/confmain.php", {"filename": "lam", "passwd": "smart-Profile-2024",
                                      "submit": "Ok"}),
    get(L + "/config/mainlogin.php"),
    post(L + "/config/mainlogin.php", {"passwd": "smart-Master-2024", "submit": "Ok"}),
    get(L + "/login.php"),
]

cleanup = [
    *login(),
    post(USERS + "&norefresh=true", tok({b64(NEWU): "on", "del": "Delete selected users"})),
    post(L + "/delete.php", tok({"type": "user", "delete": "Delete"})),
    post(GROUPS + "&norefresh=true", tok({b64(NEWG): "on", "del": "Delete selected groups"})),
    post(L + "/delete.php", tok({"type": "group", "delete": "Delete"})),
    get(GROUPS),
    LOGOUT,
]

sessions = [("anonymous", anonymous), ("browse", browse), ("edit", edit), ("config", config),
            ("cleanup", cleanup)]

if __name__ == "__main__":
    out = {"sessions": [{"name": n, "requests": r} for n, r in sessions]}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sessions.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(path, sum(len(r) for _, r in sessions), "requests")
