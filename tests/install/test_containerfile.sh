# The Containerfile's steps are the Makefile's install steps: its build
# stage installs what .ci/run installs on a fresh Debian machine and runs
# `make install` (whose `make deps` installs the Makefile's Debian
# packages, and which installs the binary and the default model); the
# runtime stage copies what that install wrote, has a package for every
# library smart and libsmart.so are linked with, and runs as a user that
# is not root; the CI examples name the image it builds. No image is built
# here (no registry of base images is reachable).
. "$(dirname "$0")/../cli/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
CF="$ROOT/Containerfile"

# check NAME CONDITION...: one TAP line for a test(1)-style or command condition.
check() {
	name=$1; shift
	if "$@"; then echo "ok - $name"; else echo "not ok - $name"; fi
}

# The instructions, one per line (continuations joined, comments dropped).
sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' "$CF" | sed -e ':a' -e '/\\$/N; s/\\\n//; ta' \
	| tr -s ' \t' '  ' >"$TMP/steps"
# stage N: the instructions of stage N (1, 2)
stage() { awk -v n="$1" '/^FROM / { s++ } s == n' "$TMP/steps"; }
# apt_packages: the packages of the apt-get install lines read on stdin, sorted
apt_packages() {
	grep -o 'apt-get install[^&;]*' | sed 's/apt-get install//' | tr ' ' '\n' \
		| grep -v '^-' | grep . | sort -u
}

check containerfile_uses_only_known_instructions \
	test -z "$(grep -Ev '^(FROM|RUN|COPY|WORKDIR|USER|CMD|ENV|ARG|LABEL|ENTRYPOINT) ' "$TMP/steps")"
check containerfile_has_a_build_and_a_runtime_stage_from_debian \
	test "$(grep -c '^FROM docker.io/library/debian:' "$TMP/steps")" -eq 2

# build stage: .ci/run's packages, then make install
stage 1 | apt_packages >"$TMP/cf-build-pkgs"
apt_packages <"$ROOT/.ci/run" >"$TMP/ci-pkgs"
check build_stage_installs_what_ci_installs_on_a_fresh_machine cmp -s "$TMP/cf-build-pkgs" "$TMP/ci-pkgs"
make_line=$(stage 1 | grep '^RUN make ' | tail -n 1)
set -- $make_line
check build_stage_runs_make_install test "$3" = install
prefix=$(echo "$make_line" | sed -n 's/.* PREFIX=\([^ ]*\).*/\1/p')
destdir=$(echo "$make_line" | sed -n 's/.* DESTDIR=\([^ ]*\).*/\1/p')
check build_stage_names_prefix_and_destdir test -n "$prefix" -a -n "$destdir"

# what that make install does, as the Makefile says (make -n: nothing runs)
make -C "$ROOT" --no-print-directory -n BUILD="$BUILD" install PREFIX="$prefix" DESTDIR="$destdir" \
	>"$TMP/install-steps" 2>&1
check make_install_installs_the_makefiles_debian_packages grep -q "dpkg-query -W" "$TMP/install-steps"
check make_install_puts_the_binary_in_the_image_tree \
	grep -q "$BUILD/release/smart $destdir$prefix/bin/smart" "$TMP/install-steps"
check make_install_puts_the_default_model_in_the_image_tree \
	grep -q "$BUILD/default_model.json $destdir$prefix/share/smart/default_model.json" "$TMP/install-steps"
check runtime_stage_copies_what_make_install_wrote \
	grep -q "^COPY --from=build $destdir$prefix/ $prefix/\$" "$TMP/steps"

# runtime stage: a package for every library the installed files load,
# among its packages, what they depend on, and Debian's required ones
stage 2 | apt_packages >"$TMP/runtime-pkgs"
{ cat "$TMP/runtime-pkgs"
  apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
	--no-replaces --no-enhances $(cat "$TMP/runtime-pkgs") 2>/dev/null | grep '^[a-z0-9]' | sed 's/:.*//'
  dpkg-query -W -f '${Package} ${Priority}\n' | awk '$2 == "required" { print $1 }'
} | sort -u >"$TMP/available"
missing=""
for lib in $(ldd "$ROOT/$BUILD/release/smart" "$ROOT/$BUILD"/shared/libsmart.so.*.*.* 2>/dev/null \
		| awk '$3 ~ /^\// { print $3 }' | sort -u); do
	real=$(readlink -f "$lib")
	pkg=$(dpkg -S "$real" 2>/dev/null || dpkg -S "/usr$real" 2>/dev/null || dpkg -S "$lib" 2>/dev/null)
	pkg=$(echo "$pkg" | head -n 1 | sed 's/:.*//')
	grep -qx "$pkg" "$TMP/available" || missing="$missing $lib(${pkg:-no package})"
done
check runtime_stage_has_a_package_for_every_linked_library test -z "$missing"
[ -z "$missing" ] || echo "#   not in the runtime stage:$missing"

user=$(stage 2 | sed -n 's/^USER //p' | tail -n 1)
check image_runs_as_a_user_that_is_not_root \
	eval 'test -n "$user" -a "$user" != root -a "$user" != 0 && stage 2 | grep -q "useradd .* $user\$\|useradd .* $user "'

# the CI examples name the image the Containerfile's header builds
image=$(sed -n 's/^#.* build -t \([^ ]*\) .*/\1/p' "$CF" | head -n 1)
check containerfile_names_its_image test -n "$image"
k8s="$ROOT/examples/ci/k8s-indexed-job.yaml"
check kubernetes_example_runs_that_image \
	eval 'grep -q "image: $image\$" "$k8s" && test -z "$(grep "image:" "$k8s" | grep -v "image: $image\$")"'
check slurm_example_runs_that_image grep -q -- "--container-image=$image" "$ROOT/examples/ci/slurm-array.sh"
finish
