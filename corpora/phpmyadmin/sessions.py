#!/usr/bin/env python3
"""Writes sessions.json, the recorded sessions of the phpmyadmin corpus, in
smart's JSON session format (docs/replay.md).  A tester's three sessions:

  login   failed logins (wrong password, unknown user, empty password), a
          deep link before logging in, the read-only user (what it may and
          may not see, an UPDATE it is refused), logout, a page after it;
  browse  the admin browses: databases, a database's tables, table
          structure, rows of tables and a view, relations, operations,
          routines, search and export forms, tracking, server status,
          processes, queries, engines, plugins, privileges, user groups,
          replication, binary log, settings, and three error pages;
  edit    the admin works: SQL queries (results, a syntax error, a missing
          table), a table search, inserting a row, editing one through the
          edit form, creating, filling and altering a table, a duplicate key.

The recorded tokens (token, set_session) are stale values: smart replay
puts the ones of the page before in their place.
"""
import json
import os
from hashlib import md5

TOK = "0123456789abcdef0123456789abcdef"   # stale: replaced by the replay


def get(route, **q):
    return {"url": "/index.php?route=" + route + "".join("&%s=%s" % kv for kv in q.items())}


def login_post(user, password):
    return {"method": "POST", "url": "/index.php?route=/", "form": {
        "set_session": "recorded-session-id", "pma_username": user, "pma_password": password,
        "server": "1", "route": "/", "lang": "en", "token": TOK}}


def sql(db, query, goto="index.php?route=/database/sql", table=None):
    """The SQL tab's form (posted to /import, as the page's form does)."""
    f = {"db": db}
    if table:
        f["table"] = table
    f.update({"token": TOK, "is_js_confirmed": "0", "pos": "0", "goto": goto, "sql_query": query,
              "sql_delimiter": ";", "show_query": "1", "fk_checks": "1", "SQL": "Go"})
    return {"method": "POST", "url": "/index.php?route=/import", "form": f}


LOGOUT = {"method": "POST", "url": "/index.php?route=/logout", "form": {"token": TOK}}

login = [
    {"url": "/index.php"},
    login_post("tester", "tester-pass"),
    login_post("nobody", "secret"),
    login_post("tester", ""),
    get("/database/structure", db="bookshop"),
    login_post("reader", "reader-pass-2"),
    get("/server/databases"),
    get("/database/structure", db="bookshop"),
    get("/sql", db="bookshop", table="authors", pos="0"),
    get("/server/privileges"),
    get("/database/structure", db="scratch"),
    sql("bookshop", "UPDATE authors SET country = 'FR' WHERE id = 1", table="authors"),
    LOGOUT,
    get("/server/databases"),
]
browse = [{"url": "/index.php"}, login_post("tester", "tester-pass-1")] + [
    get("/server/databases"),
    get("/database/structure", db="bookshop"),
    get("/table/structure", db="bookshop", table="books"),
    get("/sql", db="bookshop", table="books", pos="0"),
    get("/sql", db="bookshop", table="orders", pos="0"),
    get("/sql", db="bookshop", table="book_sales", pos="0"),
    get("/table/structure", db="bookshop", table="orders"),
    get("/table/relation", db="bookshop", table="orders"),
    get("/table/structure", db="bookshop", table="audit_log"),
    get("/table/operations", db="bookshop", table="authors"),
    get("/database/routines", db="bookshop"),
    get("/database/operations", db="bookshop"),
    get("/database/search", db="bookshop"),
    get("/database/export", db="bookshop"),
    get("/database/tracking", db="bookshop"),
    get("/server/status"),
    get("/server/status/processes"),
    get("/server/status/queries"),
    get("/server/engines"),
    get("/table/sql", db="bookshop", table="customers"),
    get("/server/plugins"),
    get("/server/privileges"),
    get("/server/user-groups"),
    get("/server/replication"),
    get("/server/binlog"),
    get("/preferences/manage"),
    get("/database/structure", db="nosuchdb"),
    get("/table/structure", db="bookshop", table="nosuch"),
    get("/no/such/route"),
    LOGOUT,
]
body = md5(b"body").hexdigest()   # phpMyAdmin names an edit field by its column's md5
edit = [{"url": "/index.php"}, login_post("tester", "tester-pass-1")] + [
    get("/database/sql", db="bookshop"),
    sql("bookshop", "SELECT b.title, a.name, b.price FROM books b JOIN authors a ON a.id = b.author_id "
        "WHERE b.price > 40 ORDER BY b.price DESC"),
    sql("bookshop", "SELECT status, COUNT(*) AS n, SUM(quantity) AS books FROM orders GROUP BY status"),
    sql("bookshop", "SELEC title FROM books"),
    sql("bookshop", "SELECT * FROM no_such_table"),
    get("/table/search", db="bookshop", table="books"),
    {"method": "POST", "url": "/index.php?route=/table/search", "form": {
        "db": "bookshop", "table": "books", "token": TOK, "goto": "", "back": "index.php?route=/table/search",
        "criteriaColumnOperators[4]": ">", "criteriaValues[4]": "40", "criteriaColumnNames[4]": "price",
        "criteriaColumnTypes[4]": "decimal(8,2)", "criteriaColumnCollations[4]": "",
        "criteriaColumnOperators[2]": "LIKE %...%", "criteriaValues[2]": "Art", "criteriaColumnNames[2]": "title",
        "criteriaColumnTypes[2]": "varchar(200)", "criteriaColumnCollations[2]": "utf8mb4_general_ci",
        "columnsToDisplay[]": "title", "orderByColumn": "price", "order": "DESC", "session_max_rows": "25",
        "submit": "Go"}},
    get("/sql", db="scratch", table="notes", pos="0"),
    sql("scratch", "INSERT INTO notes (body) VALUES ('order more Knuth')", table="notes",
        goto="index.php?route=/table/sql"),
    get("/table/change", db="scratch", table="notes", where_clause="%60notes%60.%60id%60+%3D+2",
        clause_is_unique="1"),
    {"method": "POST", "url": "/index.php?route=/table/replace", "form": {
        "db": "scratch", "table": "notes", "goto": "index.php?route=/sql", "err_url": "index.php?route=/table/change",
        "sql_query": "", "token": TOK, "where_clause[0]": "`notes`.`id` = 2", "clause_is_unique": "1",
        "fields_name[multi_edit][0][%s]" % body: "body", "funcs[multi_edit][0][%s]" % body: "",
        "fields_prev[multi_edit][0][%s]" % body: "call the printer",
        "fields[multi_edit][0][%s]" % body: "call the printer about the catalogue",
        "submit_type": "save", "after_insert": "back"}},
    get("/sql", db="scratch", table="notes", pos="0"),
    sql("scratch", "CREATE TABLE todo (id INT AUTO_INCREMENT PRIMARY KEY, task VARCHAR(80) NOT NULL, due DATE NULL)"),
    get("/table/structure", db="scratch", table="todo"),
    sql("scratch", "INSERT INTO todo (task, due) VALUES ('inventory', '2024-12-31'), ('tax return', NULL)",
        table="todo", goto="index.php?route=/table/sql"),
    get("/sql", db="scratch", table="todo", pos="0"),
    sql("scratch", "ALTER TABLE todo ADD done TINYINT(1) NOT NULL DEFAULT 0"),
    get("/database/structure", db="scratch"),
    get("/table/operations", db="scratch", table="todo"),
    sql("scratch", "INSERT INTO todo (id, task) VALUES (1, 'duplicate')", table="todo",
        goto="index.php?route=/table/sql"),
    LOGOUT,
]
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sessions.json")
with open(out, "w") as f:
    json.dump({"sessions": [{"name": "login", "requests": login}, {"name": "browse", "requests": browse},
                            {"name": "edit", "requests": edit}]}, f, indent=1)
    f.write("\n")
print("%d sessions, %d requests" % (3, len(login) + len(browse) + len(edit)))
