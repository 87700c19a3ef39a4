# repo.sh FOSSIL REPO CONTENT_DIR -- creates the repository the sessions
# browse: check-ins by two users at fixed dates (the spec sections of
# CONTENT_DIR, added and edited over fifteen check-ins), a branch, wiki pages,
# tickets and an admin login (admin / smart-secret).  What fossil draws at
# random (project code, admin password before it is set) and what it dates
# "now" (the tickets, the wiki pages) follows the run's clock and seed.
set -eu
fossil=$1 repo=$2 content=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/smart-fossil-work.XXXXXX")
rm -f "$repo"
"$fossil" init --admin-user admin --date-override 2023-12-31T00:00:00 "$repo" >/dev/null
"$fossil" user password admin smart-secret -R "$repo"
"$fossil" user new alice alice@example.org alice-pw -R "$repo" >/dev/null
"$fossil" user new bob bob@example.org bob-pw -R "$repo" >/dev/null
"$fossil" user capabilities nobody gjorz -R "$repo" >/dev/null
"$fossil" user capabilities anonymous hmnc -R "$repo" >/dev/null
"$fossil" sqlite3 -R "$repo" "REPLACE INTO config(name,value,mtime) VALUES('project-name','Spec notes',now());" >/dev/null
(
cd "$work"
"$fossil" open "$repo" --force >/dev/null
mkdir -p spec
i=0
for f in "$content"/section-*.md; do
    i=$((i + 1))
    cp "$f" "spec/$(basename "$f")"
    "$fossil" add "spec/$(basename "$f")" >/dev/null
    if [ $((i % 3)) -eq 0 ]; then
        user=alice; [ $((i % 2)) -eq 0 ] && user=bob
        "$fossil" commit --no-warnings --date-override "2024-01-$(printf %02d $i)T10:00:00" \
            --user-override "$user" -m "Add spec sections up to $i" >/dev/null
    fi
done
# edits: a line appended to sections 4 to 9, one check-in each
d=1
for f in spec/section-0[4-9].md; do
    printf '\nReviewed.\n' >> "$f"
    "$fossil" commit --no-warnings --date-override "2024-02-$(printf %02d $d)T09:30:00" \
        --user-override bob -m "Review $(basename "$f")" >/dev/null
    d=$((d + 2))
done
"$fossil" branch new docs-review trunk --date-override 2024-02-20T12:00:00 \
    --user-override alice >/dev/null
"$fossil" close --force >/dev/null
)
rm -rf "$work"
printf '# Home\n\nNotes on the **CommonMark** spec. See [Sections](Sections) and the [timeline](/timeline).\n' > "$repo.home.md"
"$fossil" wiki create Home "$repo.home.md" --mimetype text/x-markdown -R "$repo" >/dev/null
printf '# Sections\n\n| part | owner |\n|---|---|\n| blocks | alice |\n| inlines | bob |\n' > "$repo.sec.md"
"$fossil" wiki create Sections "$repo.sec.md" --mimetype text/x-markdown -R "$repo" >/dev/null
rm -f "$repo.home.md" "$repo.sec.md"
"$fossil" ticket add title "Tabs in list items" type Code_Defect status Open severity Important \
    comment "Tabs after a list marker are expanded wrongly." -R "$repo" >/dev/null
"$fossil" ticket add title "Document link reference definitions" type Documentation status Open \
    comment "The section on link reference definitions needs an example." -R "$repo" >/dev/null
"$fossil" ticket add title "Entity references in code spans" type Code_Defect status Fixed \
    comment "Fixed by the review of section 6." -R "$repo" >/dev/null
