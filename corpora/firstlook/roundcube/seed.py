#!/usr/bin/env python3
"""Seeds the mailbox of the first-look roundcube corpus over IMAP.

  seed.py PORT USER PASSWORD

Creates the folders (Drafts, Sent, Trash, Junk, Projects, Projects.Archive)
and appends the same 28 messages in the same order to a fresh Dovecot
account, so every run's messages get the same UIDs (1..N per folder) and
the sessions can open them by number.  Every message is built here from
fixed parts (headers, dates, MIME boundaries, attachments' bytes): plain
and HTML bodies, multipart/alternative, attachments (text, CSV, a small
PNG, a PDF-like file), non-ASCII subjects and names, a thread with
In-Reply-To, one flagged and one answered message, a few unread ones.
The INTERNALDATE of each is its Date header, so nothing depends on the
clock of the run.
"""
import base64
import imaplib
import sys
import time
from email.utils import format_datetime
import datetime

PORT, USER, PASSWORD = int(sys.argv[1]), sys.argv[2], sys.argv[3]
ME = "Ada Lovelace <ada@example.org>"

PEOPLE = [
    "Bob Martin <bob@example.org>", "Carol Zhang <carol@example.net>",
    "Dmitri Ivanov <dmitri@example.com>", "Eve Müller <eve.mueller@example.de>",
    "Frank O'Neil <frank@example.org>", "Grace Hopper <grace@navy.example>",
    "Hélène Dubois <helene@example.fr>", "Ivan Petrov <ivan@example.ru>",
    "Build Robot <ci@build.example.org>", "Newsletter <news@lists.example.com>",
]
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==")
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def date(day, hour, minute):
    return datetime.datetime(2023, 10, 1, hour, minute, 7,
                             tzinfo=datetime.timezone(datetime.timedelta(hours=2))) + datetime.timedelta(days=day)


def b64(data):
    s = base64.b64encode(data).decode()
    return "\r\n".join(s[i:i + 76] for i in range(0, len(s), 76))


def message(n, frm, to, subject, when, body, html=None, attach=(), extra=()):
    """One RFC 5322 message as bytes (CRLF lines, fixed boundaries)."""
    head = ["From: " + frm, "To: " + to, "Subject: " + subject,
            "Date: " + format_datetime(when),
            "Message-ID: <seed-%02d@example.org>" % n, "MIME-Version: 1.0"]
    head += list(extra)
    text_part = ["Content-Type: text/plain; charset=utf-8",
                 "Content-Transfer-Encoding: 8bit", "", body]
    if html is not None:
        alt = "alt-%02d-boundary" % n
        inner = ["Content-Type: multipart/alternative; boundary=\"%s\"" % alt, "",
                 "--" + alt] + text_part + ["--" + alt,
                 "Content-Type: text/html; charset=utf-8",
                 "Content-Transfer-Encoding: 8bit", "", html, "--%s--" % alt]
    else:
        inner = text_part
    if attach:
        mix = "mix-%02d-boundary" % n
        parts = ["Content-Type: multipart/mixed; boundary=\"%s\"" % mix, "",
                 "This is a multi-part message in MIME format.", "--" + mix] + inner
        for name, ctype, data in attach:
            parts += ["--" + mix, "Content-Type: %s; name=\"%s\"" % (ctype, name),
                      "Content-Disposition: attachment; filename=\"%s\"" % name,
                      "Content-Transfer-Encoding: base64", "", b64(data)]
        parts.append("--%s--" % mix)
        lines = head + parts
    else:
        lines = head + inner
    return ("\r\n".join(lines) + "\r\n").encode("utf-8")


INBOX = [
    (PEOPLE[0], "Quarterly report draft", "Hi Ada,\n\nattached is the draft of the Q3 report. Figures in the CSV.\n\nBob",
     None, [("q3-figures.csv", "text/csv", b"month,revenue,cost\nJuly,120,80\nAugust,135,82\nSeptember,150,90\n")], ()),
    (PEOPLE[1], "Lunch on Thursday?", "Are you free for lunch on Thursday at noon?\n\n-- \nCarol", None, (), ()),
    (PEOPLE[2], "Server migration plan", "The migration is planned in three steps:\n\n1. copy the data\n2. switch DNS\n3. retire the old host\n\nComments welcome.",
     "<html><body><h1>Server migration</h1><p>The migration is planned in <b>three</b> steps:</p><ol><li>copy the data</li><li>switch DNS</li><li>retire the old host</li></ol><p>Comments <i>welcome</i>.</p></body></html>", (), ()),
    (PEOPLE[3], "Grüße aus München — Konferenz", "Hallo Ada,\n\nviele Grüße von der Konferenz. Die Folien hänge ich an.\n\nEve",
     None, [("folien.pdf", "application/pdf", PDF)], ()),
    (PEOPLE[8], "[build] main #1042 failed", "Build #1042 of main failed.\n\nStep: test\nFailed: test_parser (3 failures)\n\nhttps://build.example.org/main/1042", None, (), ()),
    (PEOPLE[9], "October newsletter: ten tips for a tidy inbox",
     "Ten tips for a tidy inbox. View this newsletter in a browser.",
     "<html><head><style>p{color:#333}</style></head><body><table width=\"600\"><tr><td><h2>Ten tips</h2><p>1. Archive often.</p><p>2. Use folders.</p><p><a href=\"https://lists.example.com/unsubscribe\">Unsubscribe</a></p><img src=\"https://lists.example.com/pixel.gif\" width=\"1\" height=\"1\"></td></tr></table></body></html>",
     (), ("List-Unsubscribe: <mailto:unsubscribe@lists.example.com>",)),
    (PEOPLE[4], "Re: Lunch on Thursday?", "Count me in too.\n\n> Are you free for lunch on Thursday at noon?", None, (),
     ("In-Reply-To: <seed-02@example.org>", "References: <seed-02@example.org>")),
    (PEOPLE[5], "Photo from the workshop", "Here is the photo you asked for.", None,
     [("workshop.png", "image/png", PNG)], ()),
    (PEOPLE[6], "Facture n° 2023-118", "Bonjour,\n\nveuillez trouver ci-joint la facture.\n\nCordialement,\nHélène",
     None, [("facture-2023-118.txt", "text/plain", "Facture 2023-118\nMontant : 1 250,00 €\n".encode())], ()),
    (PEOPLE[7], "Meeting notes 12 October", "Notes:\n- budget approved\n- hiring: two engineers\n- next meeting in two weeks", None, (), ()),
    (PEOPLE[0], "Re: Quarterly report draft", "One more thing: the September cost is provisional.", None, (),
     ("In-Reply-To: <seed-01@example.org>", "References: <seed-01@example.org>")),
    (PEOPLE[2], "Password reset for the wiki", "Your wiki password was reset. If this was not you, contact IT.", None, (), ()),
    (PEOPLE[1], "Holiday schedule", "The office is closed from 24 December to 2 January.",
     "<html><body><p>The office is <span style=\"color:red\">closed</span> from <b>24 December</b> to <b>2 January</b>.</p></body></html>", (), ()),
    (PEOPLE[8], "[build] main #1043 passed", "Build #1043 of main passed in 4 min 12 s.", None, (), ()),
    (PEOPLE[3], "Invitation: design review", "You are invited to the design review on Friday, 10:00-11:00, room B.", None,
     [("invite.ics", "text/calendar", b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:Design review\r\nDTSTART:20231027T080000Z\r\nDTEND:20231027T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")], ()),
    (PEOPLE[4], "Question about the API limits", "What is the rate limit of the public API? We hit 429 errors at about 50 requests per second.", None, (), ()),
    (PEOPLE[9], "Last chance: conference tickets", "Early-bird tickets end Friday.",
     "<html><body><div style=\"font-family:sans-serif\"><h3>Last chance</h3><p>Early-bird tickets end <u>Friday</u>.</p><p><a href=\"https://lists.example.com/tickets\">Buy now</a></p></div></body></html>", (), ()),
    (PEOPLE[5], "Re: Server migration plan", "Step 2 needs a maintenance window; Sunday morning?", None, (),
     ("In-Reply-To: <seed-03@example.org>", "References: <seed-03@example.org>")),
    (PEOPLE[6], "Traduction du manuel", "La traduction du chapitre 3 est terminée.", None, (), ()),
    (PEOPLE[7], "Large log file", "The log you asked for.", None,
     [("server.log", "text/plain", ("\n".join("2023-10-%02d 12:00:%02d INFO request %d served" % (1 + i % 28, i % 60, i) for i in range(200)) + "\n").encode())], ()),
]
PROJECTS = [
    (PEOPLE[2], "Project Falcon kickoff", "Kickoff is on Monday. Agenda attached.", None,
     [("agenda.txt", "text/plain", b"1. goals\n2. team\n3. timeline\n")], ()),
    (PEOPLE[0], "Falcon: milestone 1 done", "Milestone 1 is done, two days early.", None, (), ()),
    (PEOPLE[1], "Falcon budget", "The budget spreadsheet is in the shared folder.", None, (), ()),
]
ARCHIVE = [
    (PEOPLE[3], "Old project Heron closing", "Heron is closed. Thanks everyone.", None, (), ()),
]
SENT = [
    (ME, "Re: Lunch on Thursday?", "Yes, see you at noon.", None, (),
     ("In-Reply-To: <seed-02@example.org>",)),
    (ME, "Travel expenses", "Please find my travel expenses for September below.\n\nTrain: 120 EUR\nHotel: 340 EUR", None, (), ()),
]
DRAFTS = [(ME, "Draft: notes for the board", "Points to raise:\n- hiring\n- office move", None, (), ())]
JUNK = [("Prize Office <winner@lottery.example>", "You have WON!!!", "Claim your prize now.",
         "<html><body><h1>WINNER</h1><p>Click <a href=\"http://lottery.example/claim\">here</a>.</p></body></html>", (), ())]

# folder -> (messages, flags per position)
FOLDERS = [("INBOX", INBOX), ("Projects", PROJECTS), ("Projects.Archive", ARCHIVE),
           ("Sent", SENT), ("Drafts", DRAFTS), ("Junk", JUNK)]
UNREAD = {("INBOX", 14), ("INBOX", 15), ("INBOX", 16), ("INBOX", 17), ("INBOX", 19), ("Projects", 2)}
FLAGGED = {("INBOX", 2), ("INBOX", 9)}
ANSWERED = {("INBOX", 1)}

# the listener may be up before Dovecot's auth process is ready
for attempt in range(50):
    try:
        m = imaplib.IMAP4("127.0.0.1", PORT)
        m.login(USER, PASSWORD)
        break
    except (OSError, imaplib.IMAP4.error):
        if attempt == 49:
            raise
        time.sleep(0.2)
for name in ["Drafts", "Sent", "Trash", "Junk", "Projects", "Projects.Archive"]:
    m.create(name)
    m.subscribe(name)
n = 0
for folder, msgs in FOLDERS:
    for i, (frm, subject, body, html, attach, extra) in enumerate(msgs):
        n += 1
        when = date(n, 8 + n % 10, (7 * n) % 60)
        to = "Bob Martin <bob@example.org>" if frm == ME else ME
        flags = []
        if (folder, i) not in UNREAD:
            flags.append("\\Seen")
        if (folder, i) in FLAGGED:
            flags.append("\\Flagged")
        if (folder, i) in ANSWERED:
            flags.append("\\Answered")
        if folder == "Drafts":
            flags.append("\\Draft")
        data = message(n, frm, to, subject, when, body, html, attach, extra)
        typ, _ = m.append(folder, "(%s)" % " ".join(flags), imaplib.Time2Internaldate(when), data)
        assert typ == "OK", (folder, subject)
m.logout()
print("seeded %d messages" % n)
