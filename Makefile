# smart — build, test and run. See README.md.
#
# Layout: every *.c in the library folders goes into libsmart.a; cli/*.c makes
# the `smart` binary; each tests/<folder>/test_*.c is one cmocka test program;
# each tests/<folder>/*.sh is a command-line test script. Adding a file needs
# no change here.
#
# Two builds side by side: build/release (-O2, what `make` and `make run`
# use) and build/asan (AddressSanitizer + UndefinedBehaviorSanitizer, what
# `make test` uses).

CC      ?= cc
PKGS    := libxml-2.0 gsl libcjson zlib
APT_PKGS := build-essential pkg-config libxml2-dev libgsl-dev libsvm-dev \
            libcjson-dev libcmocka-dev zlib1g-dev valgrind

LIB_DIRS := common diffx features model train classify
LIB_SRC  := $(wildcard $(addsuffix /*.c,$(LIB_DIRS)))
CLI_SRC  := $(wildcard cli/*.c)
TEST_SRC := $(wildcard tests/*/test_*.c)
TEST_SUPPORT_SRC := $(wildcard tests/support/*.c)
BENCH_SRC := $(wildcard bench/*.c)

# pkg-config is asked lazily so that `make deps` works before it is installed.
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lsvm -lpthread -lm

WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wno-unused-parameter -Wno-format-truncation
BASE_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) -Iinclude -I. $(PKG_CFLAGS) -MMD -MP
RELEASE_FLAGS := -O2 -g
ASAN_FLAGS    := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
                 -fno-sanitize-recover=all

BUILD := build

.PHONY: all deps test run bench clean check-deps

all: deps $(BUILD)/release/smart

# ---- dependencies ----------------------------------------------------------
# Installs the Debian packages that are missing (root, as on a fresh machine
# or in CI); does nothing when all are present.
deps:
	@missing=""; for p in $(APT_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null || exit 1; \
	fi

# ---- objects -----------------------------------------------------------------
$(BUILD)/release/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(RELEASE_FLAGS) -c $< -o $@

$(BUILD)/asan/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(ASAN_FLAGS) -c $< -o $@

define variant
$(BUILD)/$(1)/libsmart.a: $(LIB_SRC:%.c=$(BUILD)/$(1)/%.o)
	@mkdir -p $$(dir $$@)
	rm -f $$@
	ar rcs $$@ $$^

$(BUILD)/$(1)/smart: $(CLI_SRC:%.c=$(BUILD)/$(1)/%.o) $(BUILD)/$(1)/libsmart.a
	$(CC) $(2) $$^ $(PKG_LIBS) -o $$@

$(BUILD)/$(1)/tests/%: $(BUILD)/$(1)/tests/%.o $(TEST_SUPPORT_SRC:%.c=$(BUILD)/$(1)/%.o) $(BUILD)/$(1)/libsmart.a
	$(CC) $(2) $$^ $(PKG_LIBS) -lcmocka -o $$@

$(BUILD)/$(1)/bench/%: $(BUILD)/$(1)/bench/%.o $(BUILD)/$(1)/libsmart.a
	$(CC) $(2) $$^ $(PKG_LIBS) -o $$@
endef
$(eval $(call variant,release,$(RELEASE_FLAGS)))
$(eval $(call variant,asan,$(ASAN_FLAGS)))

TEST_BINS := $(TEST_SRC:%.c=$(BUILD)/asan/%)
BENCH_BINS := $(BENCH_SRC:%.c=$(BUILD)/release/%)
.SECONDARY:

# ---- tests -------------------------------------------------------------------
# Unit tests and command-line tests under ASan/UBSan; ends with "N passed, N failed".
test: deps
	$(MAKE) --no-print-directory $(TEST_BINS) $(BUILD)/asan/smart $(BUILD)/release/smart
	@BUILD=$(BUILD) sh tests/run.sh

# ---- the main job --------------------------------------------------------------
run: all
	@sh examples/run.sh $(BUILD)/release/smart

# ---- benchmarks ---------------------------------------------------------------
bench: deps
	$(MAKE) --no-print-directory $(BENCH_BINS) $(BUILD)/release/smart
	@for b in $(BENCH_BINS); do echo "== $$b"; $$b || exit 1; done

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
