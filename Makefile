# Two commands on a fresh Debian machine: `make run` (play) and `make test` (the suite).
# Both install missing Debian packages first; nothing else is downloaded.

BUILD    ?= build
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
# What `make run` needs; `make web` adds websocketd; the suite adds the browser its web test drives.
RUN_PACKAGES := cmake make g++ pkg-config catch2 libtomlplusplus-dev libncurses-dev tmux clang-format
WEB_PACKAGES := $(RUN_PACKAGES) websocketd
PACKAGES     := $(WEB_PACKAGES) chromium chromium-driver python3-selenium parallel openssh-server openssh-client
CMAKE_FLAGS ?=

PREFIX   ?= /usr/local

# After a target rewrites a file of data/, the build tree's copy (build/share/qubic, which
# the tests and `make run` read) is made again at once, not at the next build.
REFRESH_DATA = @cmake --build $(BUILD) -j $(JOBS) >/dev/null

.PHONY: all deps build run web site screenshots test check sanitize tsan tsan-all tsan-run warnings format bench book book-page book-small book-smaller book-annealed book-1b1 puzzles table verify-table install deb clean

SOURCE_DIRS := engine config client protocol tui tools tests

all: build

# Installs only what is missing; needs root (or sudo) only when something is.
deps:
	@missing=""; \
	for p in $(PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing missing Debian packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null; then SUDO=sudo; \
	  else echo "error: need root or sudo to install:$$missing" >&2; exit 1; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

# The board in a browser (docs/web.md): websocketd serves web/ and runs one qubic-engine per
# page, on loopback unless WEB_ADDRESS says otherwise.
WEB_ADDRESS  ?= 127.0.0.1
WEB_PORT     ?= 8080
WEB_MAXFORKS ?= 8
WEB_ROOT     ?= web
web:
	@$(MAKE) --no-print-directory deps PACKAGES="$(WEB_PACKAGES)"
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) --target qubic-engine
	@WEB_ROOT=$(abspath $(WEB_ROOT)) tools/web/bridge.sh $(WEB_ADDRESS) $(WEB_PORT) $(WEB_MAXFORKS) $(abspath $(BUILD))/bin/qubic-engine --serve-page

# The board as a static site (docs/web.md, "The engine in the page"): build/site holds web/,
# the engine compiled to WebAssembly by Debian's emscripten (build-wasm/, and with threads
# build-wasm-mt/, for a page that is cross-origin isolated), the book and the
# opening table; any static server can host it (python3 -m http.server -d build/site).
SITE_PACKAGES := cmake make emscripten node-acorn libtomlplusplus-dev
WASM_BUILD ?= build-wasm
site:
	@$(MAKE) --no-print-directory deps PACKAGES="$(SITE_PACKAGES)"
	@NODE_PATH=/usr/share/nodejs emcmake cmake -S . -B $(WASM_BUILD) -DCMAKE_BUILD_TYPE=Release \
	  -DQUBIC_NATIVE=OFF >/dev/null
	@NODE_PATH=/usr/share/nodejs cmake --build $(WASM_BUILD) -j $(JOBS) --target qubic-engine-wasm
	@NODE_PATH=/usr/share/nodejs emcmake cmake -S . -B $(WASM_BUILD)-mt -DCMAKE_BUILD_TYPE=Release \
	  -DQUBIC_NATIVE=OFF -DQUBIC_PAGE_THREADS=ON >/dev/null
	@NODE_PATH=/usr/share/nodejs cmake --build $(WASM_BUILD)-mt -j $(JOBS) --target qubic-engine-wasm
	@rm -rf $(BUILD)/site && mkdir -p $(BUILD)/site
	@cp web/*.html web/*.css web/*.js $(BUILD)/site/
	@cp $(WASM_BUILD)/bin/qubic-engine-wasm.js $(WASM_BUILD)/bin/qubic-engine-wasm.wasm $(BUILD)/site/
	@cp $(WASM_BUILD)-mt/bin/qubic-engine-wasm-mt.* $(BUILD)/site/
	@cp data/qubic-page.book $(BUILD)/site/qubic.book
	@cp data/qubic.book $(BUILD)/site/qubic-full.book
	@cp data/qubic.table data/qubic.puzzles $(BUILD)/site/
	@cp web/*.webmanifest web/*.png $(BUILD)/site/
	@tools/web/seal-site.sh $(BUILD)/site
	@echo "The site: $(BUILD)/site (e.g. python3 -m http.server -d $(BUILD)/site 8000)"

# The game alone: only the qubic program and what it links are built, not the tests.
run:
	@$(MAKE) --no-print-directory deps PACKAGES="$(RUN_PACKAGES)"
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) --target qubic
	@./$(BUILD)/bin/qubic

# docs/web.md's figures made again by the browser tests that shoot them (issue 70, 12).
screenshots: build
	@for t in test_web test_board_views test_modes test_page_study; do \
	  /usr/bin/python3 tests/web/$$t.py $(BUILD) web docs/web >/dev/null || exit 1; done
	@echo "docs/web/: the figures made again; git diff --stat docs/web shows which changed"

# The suite, the static site's test among it (make site: the engine as WebAssembly). Twice
# as many tests at once as cores: most of them wait (on tmux, the browser, an engine
# process) more than they compute, and their waits are conditions with generous deadlines.
TEST_JOBS ?= $(shell echo $$(( $(JOBS) * 2 )))
test: build site
	@cd $(BUILD) && ctest --output-on-failure -j $(TEST_JOBS)

# The fast loop while working: the tests labelled fast (no solves of seconds, no tmux),
# building only what they need (`make check LABEL=core` only those of one folder of tests/:
# a layer of engine/, or config, protocol, tui, tools, project); `make test` stays the
# whole suite and CI's command.
check: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) --target fast_tests
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS) $(if $(LABEL),-L '^$(LABEL)$$' -LE '^(slow|web)$$',-L fast)

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer.
sanitize:
	@$(MAKE) --no-print-directory test BUILD=build-sanitize CMAKE_FLAGS="-DCMAKE_BUILD_TYPE=RelWithDebInfo -DQUBIC_SANITIZE=ON -DQUBIC_NATIVE=OFF"

# The threaded tests of the engine (the parallel solver, split solves, the job thread, the
# game's engine thread, refused threads, the engine program's searches, reviews and
# explanations on its search thread) under ThreadSanitizer: about 6 min here. The
# offline strategy research (shrinking, annealing) runs for tens of minutes under TSan:
# `make tsan-all` adds it.
TSAN_TESTS := test_solver test_pns test_distance test_split_solve test_job_thread test_tui_engine test_thread_limit test_background_job test_engine_process
TSAN_SLOW  := test_book_shrink test_strategy_anneal
tsan: deps
	@$(MAKE) --no-print-directory tsan-run TSAN_SET="$(TSAN_TESTS)"

tsan-all: deps
	@$(MAKE) --no-print-directory tsan-run TSAN_SET="$(TSAN_TESTS) $(TSAN_SLOW)"

tsan-run:
	@cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DQUBIC_TSAN=ON -DQUBIC_NATIVE=OFF >/dev/null
	@cmake --build build-tsan -j $(JOBS) --target $(TSAN_SET)
	@cd build-tsan && ctest --output-on-failure -j $(JOBS) -R '^($(subst $() ,|,$(strip $(TSAN_SET)))):'

# Warning check: builds everything with g++ and clang++ and -Werror.
warnings: deps
	@command -v clang++ >/dev/null || { echo "clang++ missing: apt-get install clang"; exit 1; }
	@CXX=g++ cmake -S . -B build-gcc -DQUBIC_WERROR=ON >/dev/null && cmake --build build-gcc -j $(JOBS)
	@CXX=clang++ cmake -S . -B build-clang -DQUBIC_WERROR=ON >/dev/null && cmake --build build-clang -j $(JOBS)

# Lays out every C++ file as .clang-format says; the suite checks it (test 'format').
format: deps
	@find $(SOURCE_DIRS) -name '*.cpp' -o -name '*.hpp' | xargs clang-format -i

# Every figure of docs/benchmarks.md at this commit, into $(BUILD)/benchmarks.txt as well.
bench: PACKAGES += time
bench: build
	@tools/bench/run-all.sh $(BUILD)/bin | tee $(BUILD)/benchmarks.txt

# Solves Qubic from the empty board, verifies the proof with the rules alone and writes
# the book shipped in data/ (about 1 minute). One thread: its search is deterministic, so
# the proof comes out the same every time. The proof is kept in the build directory. X's
# strategies after 1a1 (`make book-small`) and after 1b1 (`make book-1b1`) take long to
# find, so they are carried over from the current book, followed move by move and checked
# by the rules; the last step checks every first move is won. The same code and book give
# the same file again, byte for byte.
book: build
	@mkdir -p data
	@./$(BUILD)/bin/qubic-solve book make data/qubic.book --threads 1 --proof $(BUILD)/qubic.proof --add-line 1a1 --add-line 1b1
	@./$(BUILD)/bin/qubic-solve verify $(BUILD)/qubic.proof
	@./$(BUILD)/bin/qubic-solve book check data/qubic.book
	$(REFRESH_DATA)

# X's strategy after 1a1 made small (docs/history/experiments-2026-11.md, "The smallest strategy"): the
# proof's strategy with X's moves re-chosen, and where a move needs at least 30 strategic
# positions below it, other moves proved afresh and the smallest strategy kept; then the
# same below each of O's replies to 1a1 on its own, the parts joined, in rounds; each
# choice checked by the rules, the whole walked again (about 1 h of both cores). It then
# replaces the 1a1 line of the shipped book; the 1b1 line is carried over.
# The page's book (make site): the 1a1 line of data/qubic.book alone, 61 KB against 2.3 MB
# (18 KB gzip'd against 752): the engine in the page opens 1a1 as X and wins by it; after
# X's 1b1 it proves by search and the opening table (docs/web.md).
book-page: build
	@cp data/qubic.book $(BUILD)/qubic-page.book
	@./$(BUILD)/bin/qubic-solve book make $(BUILD)/qubic-page.book --threads 1 --proof $(BUILD)/qubic.proof --add-line 1a1
	@./$(BUILD)/bin/qubic-solve verify $(BUILD)/qubic.proof
	@cp $(BUILD)/qubic-page.book data/qubic-page.book

book-small: build
	@mkdir -p data
	@./$(BUILD)/bin/qubic-solve book shrink $(BUILD)/qubic-small.book --threads 2 --proof $(BUILD)/qubic.proof --reprove 30 --parts 1
	@./$(BUILD)/bin/qubic-solve book make data/qubic.book --threads 1 --proof $(BUILD)/qubic.proof --add-line 1a1 --add-from $(BUILD)/qubic-small.book --add-line 1b1
	@./$(BUILD)/bin/qubic-solve verify $(BUILD)/qubic.proof
	@./$(BUILD)/bin/qubic-solve book check data/qubic.book
	$(REFRESH_DATA)

# The shipped 1a1 line shrunk further: its parts below O's replies to 1a1, each on its own,
# with 24 other moves proved afresh where a move needs at least 30 positions (not 6), the
# whole left as it is (about 1 h of both cores); the 1b1 line is carried over.
book-smaller: build
	@./$(BUILD)/bin/qubic-solve book shrink $(BUILD)/qubic-small.book --threads 2 --proof $(BUILD)/qubic.proof --shrink-from data/qubic.book --reprove 30 --reprove-moves 24 --parts 1 --parts-only
	@./$(BUILD)/bin/qubic-solve book make data/qubic.book --threads 1 --proof $(BUILD)/qubic.proof --add-line 1a1 --add-from $(BUILD)/qubic-small.book --add-line 1b1
	@./$(BUILD)/bin/qubic-solve verify $(BUILD)/qubic.proof
	@./$(BUILD)/bin/qubic-solve book check data/qubic.book
	$(REFRESH_DATA)

# The shipped 1a1 line annealed as a whole (engine/book/strategy_anneal, docs/history/experiments-2026-11.md,
# "annealing"): each round about 7 min of one core, rounds while one saves; the result is
# carried back into data/qubic.book, checked by the rules.
book-annealed: build
	@./$(BUILD)/bin/qubic-solve book shrink $(BUILD)/qubic-annealed.book --threads 1 --proof $(BUILD)/qubic.proof --shrink-from data/qubic.book --anneal 100
	@./$(BUILD)/bin/qubic-solve book make data/qubic.book --threads 1 --proof $(BUILD)/qubic.proof --add-line 1a1 --add-from $(BUILD)/qubic-annealed.book --add-line 1b1
	@./$(BUILD)/bin/qubic-solve verify $(BUILD)/qubic.proof
	@./$(BUILD)/bin/qubic-solve book check data/qubic.book
	$(REFRESH_DATA)

# The 1b1 part of the book from nothing (docs/history/experiments-2026-11.md, "X's first move on a 4-line
# cell"): about 1 h 30 min of both cores and 16 GB. The two hardest replies to 1b1 are
# proved alone, one per core, kept as pieces; the split solve proves the other replies
# and joins them into one proof, checked by the rules; its book, shrunk (--shrink, about
# 16 min more), replaces the 1b1 line of data/qubic.book.
PIECES_1B1 = $(BUILD)/pieces-1b1
book-1b1: build
	@mkdir -p data $(PIECES_1B1)
	@./$(BUILD)/bin/qubic-solve prove --moves 1b1,2c3 --split 100000 --pieces $(PIECES_1B1) --threads 1 --hash 8192 > $(BUILD)/1b1-2c3.out & \
	 ./$(BUILD)/bin/qubic-solve prove --moves 1b1,2b4 --split 100000 --pieces $(PIECES_1B1) --threads 1 --hash 8192 > $(BUILD)/1b1-2b4.out; \
	 wait $$!; grep -q "value: X wins" $(BUILD)/1b1-2c3.out && grep -q "value: X wins" $(BUILD)/1b1-2b4.out
	@./$(BUILD)/bin/qubic-solve book shrink $(BUILD)/qubic-1b1.book --moves 1b1 --split 200 --pieces $(PIECES_1B1) --threads 2 --hash 6144 --proof $(BUILD)/qubic-1b1.proof
	@./$(BUILD)/bin/qubic-solve book make data/qubic.book --threads 1 --proof $(BUILD)/qubic.proof --add-line 1a1 --add-line 1b1 --add-from $(BUILD)/qubic-1b1.book
	@./$(BUILD)/bin/qubic-solve book check data/qubic.book
	$(REFRESH_DATA)

# The shipped puzzles (docs/puzzles.md): half cut from the forcing wins of the book's proof,
# half from seeded games, every first move settled by the solver and every win checked by
# the rules; one thread and budgets in positions, so the file comes out the same every
# time (some minutes).
puzzles: build
	@mkdir -p data
	@./$(BUILD)/bin/qubic-solve prove --threads 1 --proof $(BUILD)/qubic.proof > /dev/null
	@./$(BUILD)/bin/qubic-solve puzzles 120 --seed 2026 --from-proof $(BUILD)/qubic.proof > data/qubic.puzzles.tmp
	@mv data/qubic.puzzles.tmp data/qubic.puzzles
	$(REFRESH_DATA)

# The opening table (docs/table.md): the four-stone positions the shipped table does not
# decide (the book's lines, then the level ladder's openings, then the rest) run by GNU
# parallel at low priority into TABLE_DIR (a rerun takes up where the last one stopped), then
# every result checked by the rules and joined into data/qubic.table beside the shipped
# table's values. Stop it with Ctrl-C at any time. Every position left was tried with
# 2 000 000 positions, many with 10 000 000 or more, by older settings: TABLE_POSITIONS is
# the budgets a job gets, a pass over the list for each, the cheap positions decided first;
# each pass searches with the wins of the proofs the run has found so far (known-wins). What
# runs left unknown is kept in data/table-resisted.txt and listed last.
TABLE_DIR ?= $(HOME)/.cache/qubic/table-run
TABLE_JOBS ?= 1
TABLE_POSITIONS ?= 1000000,3000000,10000000
table: PACKAGES += parallel
table: deps build
	@mkdir -p $(TABLE_DIR)
	@[ -s $(TABLE_DIR)/jobs-4.txt ] || { ./$(BUILD)/bin/qubic-solve table list --stones 4 --undecided --first data/openings-4ply.txt --resisted data/table-resisted.txt > $(TABLE_DIR)/jobs-4.txt.new && mv $(TABLE_DIR)/jobs-4.txt.new $(TABLE_DIR)/jobs-4.txt; }
	@QUBIC_SOLVE=$(CURDIR)/$(BUILD)/bin/qubic-solve QUBIC_KNOWN=$(TABLE_DIR)/known-wins QUBIC_KNOWN_FROM=$(TABLE_KNOWN_FROM) tools/table/run-jobs.sh $(TABLE_DIR) 4 $(TABLE_POSITIONS) -- --jobs $(TABLE_JOBS) --nice 19 || true
	@./$(BUILD)/bin/qubic-solve table join $(TABLE_DIR) --out data/qubic.table --keep-shipped --resisted data/table-resisted.txt
	@./$(BUILD)/bin/qubic-solve table certify $(TABLE_DIR) --out data/qubic.cert --keep-shipped || true
	$(REFRESH_DATA)

# Every certificate of data/qubic.cert replayed by the rules alone, against the table's
# values (docs/table.md, "Re-checking it"); the suite replays a sample.
verify-table: build
	@./$(BUILD)/bin/qubic-solve table verify --threads $(JOBS)

# Installs the programs, the book, the default configuration and the man pages under
# PREFIX (DESTDIR is honoured, as usual, for staging).
install: build
	@cmake --install $(BUILD) --prefix $(PREFIX)

# A Debian package in build-deb/, built for any x86-64 (not this machine's processor, so
# not from build/, whose programs use this one's instructions) with Debian's hardening
# flags, then checked by lintian (docs/architecture.md, "The package"). A second run
# rebuilds only what changed.
deb: PACKAGES += dpkg-dev lintian
deb: deps
	@cmake -S . -B build-deb -DCMAKE_BUILD_TYPE=Release -DQUBIC_NATIVE=OFF -DQUBIC_HARDEN=ON -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON >/dev/null
	@cmake --build build-deb -j $(JOBS) --target qubic qubic-engine qubic-solve qubic-match compressed_docs
	@cd build-deb && cpack -G DEB | tail -1
	@lintian --fail-on error build-deb/qubic_*.deb

clean:
	rm -rf build build-sanitize build-tsan build-gcc build-clang build-deb
