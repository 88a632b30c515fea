#!/usr/bin/python3
"""The board as a static site (make site, docs/web.md "The engine in the page"): build/site
served by Python's plain http.server, no bridge, and headless Chromium. Checked: the page
finds no bridge and plays with the engine in the page; a game's first moves; the page moves
its game to a Worker with the whole book once it has come; the page's engine's `go nodes N`
gives the native bestmove and score on twenty positions, and its
`bench` the bench signature qubic-bench prints natively (searches budgeted in positions
and nodes only); `stop` ends a long search at once and the engine goes on with its options and
position.

usage: test_site.py BUILD_DIR SITE_DIR   (exit 77: no browser, or no site built)"""
import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    import test_web as web
except ImportError:
    print("SKIP: python3-selenium is not installed (make test installs it)")
    sys.exit(77)

BUILD, SITE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
ENGINE = os.path.join(BUILD, "bin", "qubic-engine")
POSITIONS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "data",
                         "analysis-positions-6-12.txt")


def searches(positions, nodes):
    """The UGI lines of node-budgeted searches of `positions`, one after the other in one
    engine (what it proved before stays in its tables: so in both engines)."""
    return [["uginewgame", "position fen " + p, "go nodes %d" % nodes] for p in positions]


def outcome(replies):
    """A search's bestmove and its last score."""
    scores = [l.split(" score ")[1].split(" pv")[0] for l in replies
              if l.startswith("info ") and " score " in l]
    return replies[-1].split()[1], scores[-1] if scores else None


# The page's engine starts with smaller tables than the native one (protocol/wasm/main.cpp)
# and with a book of its own (the 1a1 line, make book-page) until the whole book has come
# (qubic-full.book): given the same, the native engine is the page's (node counts are the
# same on every machine). Read from the page's `ugi`.
PAGE_HASH_MB = None

# "At once", in ms: the aim is 100, but on a loaded machine (a build and the table's runs
# beside the suite) a Worker thread waits its turn for a second; 1 037 ms was seen. Each
# check is against work that would go on for many seconds more (an 8-s analysis, a 20-s
# search, a long review), so 4 000 still tells "stopped" from "ran on".
AT_ONCE_MS = 4000


def same_as_page():
    """The lines that make the native engine the page's once the page has the whole book: its
    tables' size and the site's whole book."""
    return ["setoption name Hash value %d" % PAGE_HASH_MB,
            "setoption name SolutionFile value " + os.path.join(SITE, "qubic-full.book")]


@contextlib.contextmanager
def native_engine():
    """The native engine made the page's; quit once the caller's last search has ended (a
    `quit` sent during one would stop it: the node count would then depend on timing)."""
    engine = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        engine.stdin.write("ugi\n" + "\n".join(same_as_page()) + "\n")
        yield engine
        engine.stdin.write("quit\n")
        engine.stdin.close()
        engine.wait(30)
    finally:
        if engine.poll() is None:
            engine.kill()


def search_lines(replies):
    """A search's info and bestmove lines, their time and nps left out (issue 84, 6: every
    other word of a search bounded by nodes on one thread is the same on every run). A
    line repeated but for its time (the engine says its last line again at the end, unless
    no millisecond passed) is one line."""
    lines = [re.sub(r" (time|nps) \d+", "", l) for l in replies
             if l.startswith("info ") or l.startswith("bestmove")]
    return [l for i, l in enumerate(lines) if i == 0 or l != lines[i - 1]]


def native(batches):
    """Runs each batch of lines in one native engine, waiting for its bestmove: the lines."""
    results = []
    with native_engine() as engine:
        for lines in batches:
            engine.stdin.write("\n".join(lines) + "\n")
            engine.stdin.flush()
            replies = []
            for line in engine.stdout:
                replies.append(line.rstrip("\n"))
                if line.startswith("bestmove"):
                    break
            results.append(search_lines(replies))
    return results


# Runs UGI lines through a fresh WorkerTransport in the page, once it has the whole book;
# resolves with the replies up to and including the first line that starts with `last`.
PAGE_CLIENT = """
const [lines, last, done] = arguments;
Promise.all([import('./ugi.js'), import('./worker-transport.js')]).then(async ([{UgiClient}, {WorkerTransport}]) => {
  if (!window.client) {
    const transport = new WorkerTransport();
    const whole = new Promise((resolve) => { transport.onBook = resolve; });
    window.client = new UgiClient(transport);
    await window.client.connect();
    await whole;
  }
  const replies = await window.client.request(lines, (l) => l.startsWith(last), 600000);
  done(replies);
}).catch((e) => done(['error ' + e]));
"""


def page(driver, lines, last):
    return driver.execute_async_script(PAGE_CLIENT, lines, last)


# The whole book comes while the first search runs: the game moves to a Worker that has it
# once the search has ended, the page's next lines waiting in the new one meanwhile.
WHOLE_BOOK_MID_SEARCH = """
const done = arguments[0];
// A module instance of its own: the page's has fetched the whole book already, and would
// hand it to this transport before its first search.
Promise.all([import('./ugi.js'), import('./worker-transport.js?fresh=' + Date.now())]).then(async ([{UgiClient}, {WorkerTransport}]) => {
  const transport = new WorkerTransport();
  const whole = new Promise((resolve) => { transport.onBook = resolve; });
  const client = new UgiClient(transport);
  await client.connect();
  // A search that lasts until the whole book has come (asked for once the engine opened):
  // its move to a Worker with the book waits for the search's end, which `stop` brings.
  const searching = client.request(['position startpos moves 1b1 2b2', 'go infinite'],
                                   (l) => l.startsWith('bestmove'), 120000);
  const began = Date.now();
  const waited = await new Promise((resolve) => {
    const poll = setInterval(() => {
      if (!transport.moveWhenIdle && Date.now() - began < 60000) return;
      clearInterval(poll);
      resolve(transport.moveWhenIdle);
    }, 5);
  });
  client.stop();
  const first = await searching;
  const ready = await client.request(['isready'], (l) => l === 'readyok', 60000);
  await whole;
  const second = await client.request(['go nodes 2000'], (l) => l.startsWith('bestmove'), 60000);
  client.close();
  done({waited, first, ready, second});
}).catch((e) => done({error: String(e)}));
"""


def test_study(driver):
    """Issue 70: the page's engine reviews and explains as the native one does, line for line
    (the review's budget in positions; the explanation's search in nodes and positions)."""
    batches = [["position startpos moves 1a1 2a1 1b1 2b1 1c1 2c1 3d4 2d1", "review positions 20000"],
               ["position fen x..o...o...xx..o/...xoo.....o...x/...o...xxx....../...o...o...xx..o x",
                "explain"]]
    for lines, last in zip(batches, ["reviewok", "explainok"]):
        shown = [l for l in page(driver, lines, last) if l.startswith("info string review") or
                 l.startswith("info string explain")]
        with native_engine() as engine:
            engine.stdin.write("\n".join(lines) + "\n")
            engine.stdin.flush()
            said = []
            for line in engine.stdout:
                if line.startswith(last):
                    break
                if line.startswith("info string review") or line.startswith("info string explain"):
                    said.append(line.rstrip("\n"))
        web.check(len(shown) >= 3 and shown == said,
                  "the page's %s is the native engine's, %d lines" % (lines[1].split()[0], len(shown)))


def test_whole_book_mid_search(driver):
    got = driver.execute_async_script(WHOLE_BOOK_MID_SEARCH)
    web.check("error" not in got and got["waited"] is True,
              "the whole book came during the first search, its move waiting: %s" % got)
    web.check(got["first"][-1].startswith("bestmove ") and got["ready"] == ["readyok"],
              "the search ended as usual and the next line had its answer: %s, %s"
              % (got["first"][-1], got["ready"]))
    web.check(got["second"][-1] == "bestmove 1a1" and any(" score mate 53 " in l for l in got["second"]),
              "the Worker with the whole book has the position (after 1b1 2b2, mate 53 at once): %s"
              % got["second"][-2:])


def url(port, query):
    return "http://127.0.0.1:%d/?%s" % (port, query)


def load(driver, port, query):
    """The page at `query`, once its engine is named."""
    driver.get(url(port, query))
    web.wait_until(lambda: "Qubic" in web.text(driver, "engine"), web.SERVER_WAIT, "the page's engine")


def open_page(driver, port, query, side="x", level=None):
    load(driver, port, query)
    web.wait_until(lambda: driver.find_element(By.ID, "engine").get_attribute("data-book") == "whole",
                   60, "the page's engine has the whole book")
    web.Select(driver.find_element(By.ID, "side")).select_by_value("x")
    web.new_game(driver, level)
    if side != "x":  # the engine moves first from here
        web.Select(driver.find_element(By.ID, "side")).select_by_value(side)


def play_o_to_the_end(driver, seconds=600):
    """Plays O (the first free cell each turn) until the game is over."""
    deadline = time.monotonic() + seconds
    while "Game over" not in web.text(driver, "status"):
        if time.monotonic() >= deadline:
            raise AssertionError("the game did not end within %d s" % seconds)
        if web.text(driver, "status") != "O to move" or "thinking" in web.text(driver, "message"):
            time.sleep(0.05)
            continue
        before = len(web.moves_of(driver))
        free = [c.get_attribute("data-token") for c in
                driver.find_elements(By.CSS_SELECTOR, ".flat .cell") if not c.get_attribute("data-stone")]
        driver.find_element(By.CSS_SELECTOR, '.flat .cell[data-token="%s"]' % free[0]).click()
        web.wait_until(lambda: len(web.moves_of(driver)) > before or "Game over" in web.text(driver, "status"),
                       30, "the move is taken")


def test_games(driver, port):
    """A whole game against level 0 (X clicks), and one the top level wins as X."""
    open_page(driver, port, "engine=page", "x", 0)
    web.play_to_the_end(driver)
    moves = web.moves_of(driver)
    web.check(web.engine_result(moves) in ("p1win", "p2win", "draw"),
              "a whole game against level 0 in the page: %d moves, %s (the native engine's word)"
              % (len(moves), web.engine_result(moves)))
    open_page(driver, port, "engine=page", "o", 15)
    play_o_to_the_end(driver)
    moves = web.moves_of(driver)
    web.check(web.engine_result(moves) == "p1win" and "X wins" in web.text(driver, "status"),
              "the top level as X wins in the page: %s, %s" % (" ".join(moves), web.text(driver, "status")))


def test_isolated(driver, port):
    """Issue 85, 6: from the second visit on the service worker makes the page cross-origin
    isolated, and the engine in the page has threads; `?threads=1` asks for the build
    without."""
    load(driver, port, "engine=page")
    web.check(driver.execute_script("return crossOriginIsolated") and
              "in this page, on every core." in web.text(driver, "message"),
              "the second visit is cross-origin isolated, and the page says its engine has every"
              " core: %s" % web.text(driver, "message"))
    threads = [l for l in page(driver, ["ugi"], "ugiok") if l.startswith("option name Threads ")]
    web.check(threads and driver.execute_script("return window.client.transport.threads"),
              "the engine in an isolated page offers Threads: %s" % threads)
    load(driver, port, "engine=page&threads=1")
    web.check("in this page, on one thread" in web.text(driver, "message") and
              not any(l.startswith("option name Threads ") for l in page(driver, ["ugi"], "ugiok")),
              "?threads=1: the engine without threads: %s" % web.text(driver, "message"))


def test_stop_in_game(driver, port, query="engine=page"):
    """A move typed during the analysis's 8-s search is taken at once: the search stops (with
    threads the engine reads `stop`; without, the standby engine has the new position) and
    the analysis starts again."""
    load(driver, port, query)
    web.Select(driver.find_element(By.ID, "side")).select_by_value("both")
    web.new_game(driver)
    if not driver.find_element(By.ID, "analysis").is_selected():
        driver.find_element(By.ID, "analysis").click()
    driver.find_element(By.ID, "token").send_keys("1a1\n")
    web.wait_until(lambda: "(8 s)" in web.text(driver, "message"), 60, "the analysis's 8-s search")
    time.sleep(0.5)
    took = driver.execute_async_script("""
        const done = arguments[0], t = performance.now();
        const input = document.getElementById('token');
        input.value = '2b2';
        input.form.requestSubmit();
        const poll = () => {
          const status = document.getElementById('status').textContent;
          const message = document.getElementById('message').textContent;
          if (status === 'X to move' && message.includes('(0.5 s)')) done(performance.now() - t);
          else setTimeout(poll, 1);
        };
        poll();""")
    print("figure: a move during the 8-s analysis taken, and the next analysis started, in %.1f ms"
          " (%s)" % (took, query))
    web.check(took < AT_ONCE_MS, "the move is taken at once during an 8-s analysis (%.1f ms; the aim"
              " is 100)" % took)
    web.check(web.moves_of(driver) == ["1a1", "2b2"], "the game: %s" % web.moves_of(driver))


# Every UGI line the page posts to its Workers, from the page's start (the image, an
# object, is left out).
CAPTURE = """
window.posted = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message) {
  if (typeof message === 'string') window.posted.push(message);
  return post.apply(this, arguments);
};
"""
OVERLAY_NODES = 50000
OVERLAY_GAMES = ["1a1 2b2", "1a1 4d4 1b1 4d3 1c1 4d2", "1b1 2b2 1c2 3c3 1b2"]


def native_overlay(lines):
    """The cells the native engine proves given the same lines: {token: 'win' | 'loss'}."""
    values = {}
    with native_engine() as engine:
        for line in lines:
            engine.stdin.write(line + "\n")
            engine.stdin.flush()
            if not line.startswith("go"):
                continue
            values = {}  # as the page: the last analysis's values
            for reply in engine.stdout:
                if reply.startswith("bestmove"):
                    break
                pv, mate = re.search(r" pv (\S+)", reply), re.search(r" score mate (-?\d+)", reply)
                if " multipv " in reply and pv and mate and int(mate.group(1)) != 0:
                    values[pv.group(1)] = "win" if int(mate.group(1)) > 0 else "loss"
    return values


def test_overlay(driver, port):
    """The analysis overlay at a node budget (?nodes=N) marks the cells the native engine
    proves given the same lines at the same budget."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CAPTURE})
    for game in OVERLAY_GAMES:
        load(driver, port, "engine=page&nodes=%d" % OVERLAY_NODES)
        web.Select(driver.find_element(By.ID, "side")).select_by_value("both")
        if driver.find_element(By.ID, "analysis").is_selected():
            driver.find_element(By.ID, "analysis").click()
        web.new_game(driver)
        for n, token in enumerate(game.split()):
            driver.find_element(By.ID, "token").send_keys(token + "\n")
            web.wait_until(lambda: len(web.moves_of(driver)) == n + 1, 20, "the typed move " + token)
        web.wait_until(lambda: web.text(driver, "status").endswith("to move"), 20, "the position settles")
        driver.find_element(By.ID, "analysis").click()
        web.wait_until(lambda: web.text(driver, "message").startswith("Analysis:"), 120,
                       "the analysis of %s ends" % game)
        ours = dict(driver.execute_script(
            "return Array.from(document.querySelectorAll('.flat .cell'),"
            " c => [c.dataset.token, c.dataset.value]).filter(v => v[1])"))
        lines = driver.execute_script("return window.posted")
        web.check(any(l.startswith("go nodes %d" % OVERLAY_NODES) for l in lines),
                  "the page analysed at %d nodes" % OVERLAY_NODES)
        theirs = native_overlay(lines)
        differ = sorted((t, ours.get(t), theirs.get(t)) for t in set(ours) | set(theirs)
                        if ours.get(t) != theirs.get(t))
        web.check(ours and not differ,
                  "after %s the overlay marks %d wins and %d losses, as the native engine given"
                  " the page's %d lines (cells that differ, page then native: %s)"
                  % (game, list(ours.values()).count("win"), list(ours.values()).count("loss"),
                     len(lines), differ))


def median(values):
    return sorted(values)[len(values) // 2]


CLICK_AND_TIME = """
const [token, done] = arguments;
const count = () => Array.from(document.querySelectorAll('#moves li'), li => li.textContent)
  .join(' ').split(' ').filter((w) => w).length;
const before = count(), began = performance.now();
const over = () => document.getElementById('status').textContent.startsWith('Game over');
const seen = new MutationObserver(() => {
  if (count() < before + 2 && !over()) return;
  seen.disconnect();
  done(performance.now() - began);
});
for (const id of ['moves', 'status'])
  seen.observe(document.getElementById(id), {childList: true, subtree: true, characterData: true});
document.querySelector('.flat .cell[data-token="' + token + '"]').click();
"""


def analysis_lines(position, threads):
    """The analysis of `position` as qubic-bench analysis makes it, over UGI: the top level,
    MultiPV 64, 64 MB, 1 s, on `threads` threads."""
    return ["uginewgame", "setoption name Level value 15", "setoption name MultiPV value 64",
            "setoption name Threads value %d" % threads, "setoption name Hash value 64",
            "position fen " + position, "go movetime 1000"]


def proven_moves(replies):
    """How many moves a MultiPV search proved: each move's last report, a `score mate`."""
    last = {}
    for line in replies:
        m = re.search(r" multipv \d+ .*score (\w+) .* pv (\S+)", line)
        if line.startswith("info ") and m:
            last[m.group(2)] = m.group(1) == "mate"
    return sum(last.values())


def measure_analysis(driver, threads=2):
    """Issue 85, 6: the analysis in the page against the native engine's, at the same threads,
    on data/analysis-positions-6-12.txt, paired position by position (which goes first
    alternates): moves proven at 1 s, by stones."""
    page(driver, ["isready"], "readyok")
    web.check(driver.execute_script("return window.client.transport.threads"),
              "the page's engine has threads (the page is cross-origin isolated)")
    positions = [l.strip() for l in open(POSITIONS)
                 if l.strip() and not l.startswith("#")]
    tally = {}
    with native_engine() as engine:
        for i, position in enumerate(positions):
            lines = analysis_lines(position, threads)
            def ours():
                return proven_moves(page(driver, lines, "bestmove"))
            def theirs():
                engine.stdin.write("\n".join(lines) + "\n")
                engine.stdin.flush()
                replies = []
                for line in engine.stdout:
                    replies.append(line)
                    if line.startswith("bestmove"):
                        break
                return proven_moves(replies)
            a, b = (ours(), theirs()) if i % 2 == 0 else tuple(reversed((theirs(), ours())))
            stones = 64 - position.count(".")
            t = tally.setdefault(stones, [0, 0, 0])
            t[0] += a
            t[1] += b
            t[2] += position.count(".")
    for stones, (a, b, moves) in sorted(tally.items()):
        print("figure: analysis at %d stones, 1 s, %d threads: the page proved %d of %d moves, "
              "native %d: %.0f %%" % (stones, threads, a, moves, b, 100.0 * a / max(b, 1)))


def measure(driver, port):
    """With QUBIC_WEB_MEASURE set (docs/benchmarks.md): navigation to a playable board, a
    move's round trip at level 0, and the engine's speed in the page against native (bench
    and bench solve, one thread each, paired run by run)."""
    loads, wholes = [], []
    for _ in range(5):
        began = time.monotonic()
        driver.get(url(port, "engine=page"))
        # Playable: the engine named, its levels listed (after the handshake and a query a
        # level), the position settled.
        web.wait_until(lambda: "Qubic" in web.text(driver, "engine") and web.text(driver, "status") ==
                       "X to move" and len(web.Select(driver.find_element(By.ID, "level")).options) > 15,
                       60, "a playable board")
        loads.append(time.monotonic() - began)
        web.wait_until(lambda: driver.find_element(By.ID, "engine").get_attribute("data-book") ==
                       "whole", 60, "the whole book")
        wholes.append(time.monotonic() - began)
    print("figure: navigation to a playable board, median of 5: %.2f s (%s)"
          % (median(loads), ", ".join("%.2f" % t for t in loads)))
    print("figure: navigation to the game with the whole book, median of 5: %.2f s (%s)"
          % (median(wholes), ", ".join("%.2f" % t for t in wholes)))
    open_page(driver, port, "engine=page", "x", 0)
    # Clicked and timed in the page (a MutationObserver on the move list): Selenium's own
    # polling would add its round trips to the page's.
    trips = []
    for token in ("1a1", "1d4", "4a4", "4d1", "2b2", "3c3", "2c2", "3b3"):
        cell = driver.find_element(By.CSS_SELECTOR, '.flat .cell[data-token="%s"]' % token)
        if web.text(driver, "status") != "X to move" or cell.get_attribute("data-stone"):
            continue
        trips.append(driver.execute_async_script(CLICK_AND_TIME, token) / 1000)
        time.sleep(0.3)
    print("figure: a move's round trip at level 0 (200 ms a move), median of %d: %.3f s (%s)"
          % (len(trips), median(trips), ", ".join("%.3f" % t for t in trips)))
    load(driver, port, "engine=page")
    measure_analysis(driver)
    nps = lambda line: int(re.search(r" nps (\d+)", line).group(1))
    for command, last in (("bench", "info string bench:"), ("bench solve", "info string bench solve:")):
        for run in range(5 if command == "bench" else 1):
            ours = [l for l in page(driver, [command], last) if l.startswith(last)][-1]
            theirs = [l for l in subprocess.run([ENGINE], input=command + "\nquit\n",
                                                capture_output=True, text=True,
                                                timeout=600).stdout.splitlines()
                      if l.startswith(last)][-1]
            print("figure: %s, run %d: page %s | native %s | nps ratio %.2f"
                  % (command, run + 1, ours, theirs, nps(ours) / nps(theirs)))


def test_reload_and_links(driver, port):
    """Issue 70, 10: a reload keeps the game; the address is a link to it, a position too."""
    open_page(driver, port, "engine=page", "both")
    for n, token in enumerate(["1a1", "2b2", "1d4"]):
        driver.find_element(By.ID, "token").send_keys(token + "\n")
        web.wait_until(lambda: len(web.moves_of(driver)) == n + 1, 20, "the typed move " + token)
    address = driver.current_url
    web.check(address.endswith("#moves=1a1,2b2,1d4"), "the address follows the game: %s" % address)
    driver.refresh()
    web.wait_until(lambda: "is back" in web.text(driver, "message"), 60, "the game back after a reload")
    web.check(web.moves_of(driver) == ["1a1", "2b2", "1d4"] and web.text(driver, "status") == "O to move",
              "a reload keeps the game: %s, %s" % (web.moves_of(driver), web.text(driver, "status")))
    driver.get(url(port, "engine=page#moves=4d4,1a1"))
    web.wait_until(lambda: web.moves_of(driver) == ["4d4", "1a1"], 60, "the game of a link")
    start = "x" + "." * 15 + "/" + "." * 16 + "/" + "." * 16 + "/" + "." * 15 + "o x"
    driver.get(url(port, "engine=page#position=%s&moves=2b2" % start.replace(" ", "+")))
    web.wait_until(lambda: web.moves_of(driver) == ["2b2"], 60, "the position of a link")
    stones = web.stones_shown(driver)
    web.check(stones == {"1a1": "x", "4d4": "o", "2b2": "x"} and web.text(driver, "status") == "O to move",
              "a link opens a position and its moves: %s, %s" % (stones, web.text(driver, "status")))
    driver.get(url(port, "engine=page#moves=1a1,1a1"))
    web.wait_until(lambda: "refused" in web.text(driver, "message"), 60, "a bad link's move refused")
    web.check(web.moves_of(driver) == ["1a1"], "and dropped: %s" % web.moves_of(driver))


def click_move(driver, ply):
    """A click on a move of the list, found and clicked in one script: the list is drawn
    afresh whenever the page hears from the engine (a found button can go stale)."""
    driver.execute_script(
        "document.querySelector('#moves button.move[data-ply=\"%d\"]').click()" % ply)


def test_engine_offered(driver, port):
    """Issue 85, 1: the static site offers only the engine it has; asked for the server's
    (a link's ?engine=bridge, or a choice kept from elsewhere), the page plays with its own,
    says why in plain words and does not keep the choice."""
    web.wait_until(lambda: driver.execute_script(
        "return document.getElementById('transport-box').hidden"), 60, "no engine list offered")
    driver.execute_script("localStorage.setItem('qubic.engine', 'bridge')")
    driver.get(url(port, "engine=bridge"))
    web.wait_until(lambda: "Qubic" in web.text(driver, "engine"), web.SERVER_WAIT, "an engine plays")
    said = web.text(driver, "message")
    web.check("There is no engine on this server" in said and "in this page plays instead" in said
              and "may be running" not in said, "the fallback in plain words: %s" % said)
    web.check(driver.execute_script("return localStorage.getItem('qubic.engine')") is None,
              "the failed choice is not kept")
    driver.get("http://127.0.0.1:%d/" % port)
    web.wait_until(lambda: "Qubic" in web.text(driver, "engine"), web.SERVER_WAIT,
                   "the next visit plays at once: %s" % web.text(driver, "message"))
    web.wait_until(lambda: len(driver.find_elements(web.By.CSS_SELECTOR, "#level option")) > 3,
                   60, "and lists its levels")


def test_hostile_records(driver, port, scratch):
    """Issue 84, 2 and 3 with the engine in the page: see test_web.test_hostile_records."""
    open_page(driver, port, "engine=page")
    web.test_hostile_records(driver, scratch, None)


# A game of 20 moves, each judged within 2 000 000 positions: a review of many seconds.
LONG_REVIEW = ("position startpos moves 1a1 2b2 1b1 1c1 1d1 3c3 2a2 4d4 1a4 1b4 2c2 2d2 3a3"
               " 3b3 4a1 4b1 2a3 2b3 3a4 3b4")


def empty_cells(position):
    """The tokens of a position string's empty cells (index 16(z-1) + 4(y-1) + x)."""
    cells = position.split()[0].replace("/", "")
    return {"%d%s%d" % (i // 16 + 1, "abcd"[i % 4], i // 4 % 4 + 1)
            for i, c in enumerate(cells) if c == "."}


def test_stop_search(driver):
    """stop: a search of 20 s ends at once, with the best move it has reported; the engine
    keeps its options and position. The analysis of a position out of the book, which
    proves for all its time."""
    position = [l.strip() for l in open(POSITIONS) if l.strip() and not l.startswith("#")][0]
    page(driver, ["setoption name Level value 15", "setoption name MultiPV value 64",
                  "position fen " + position, "isready"], "readyok")
    driver.execute_script("window.ended = false; window.pending = window.client.request("
                          "['go movetime 20000'], (l) => l.startsWith('bestmove'), 60000)"
                          ".then((l) => { window.ended = true; return l; })")
    time.sleep(2)
    web.check(not driver.execute_script("return window.ended"), "the search is running")
    took, lines = driver.execute_async_script("""
        const done = arguments[0], t = performance.now();
        window.client.stop();
        window.pending.then((l) => done([performance.now() - t, l]));""")
    print("figure: stop answered in %.1f ms" % took)
    web.check(took < AT_ONCE_MS, "stop ends a search in the page at once (%.1f ms; the aim is 100)" % took)
    best = lines[-1].split()[1]
    web.check(best in empty_cells(position),
              "and answers with a legal move, the best reported: %s" % lines[-3:])
    after = page(driver, ["setoption name MultiPV value 1", "query p1turn"], "response")
    web.check(after[-1] == "response true", "the engine has the position still: X to move")
    best = page(driver, ["go nodes 5000"], "bestmove")[-1].split()[1]
    web.check(best != "0000", "and searches it: %s" % best)
    # Stopped as soon as it starts, before it has reported anything: a legal move still
    # (without threads the standby's least search gives it), not the null move.
    took, lines = driver.execute_async_script("""
        const done = arguments[0], t = performance.now();
        const pending = window.client.request(['go movetime 20000'],
                                              (l) => l.startsWith('bestmove'), 60000);
        window.client.stop();
        pending.then((l) => done([performance.now() - t, l]));""")
    print("figure: a stop at once answered in %.1f ms" % took)
    best = lines[-1].split()[1]
    web.check(best in empty_cells(position) and took < 10000,
              "a stop before any report answers a legal move (%.1f ms): %s" % (took, lines[-3:]))


def test_stop_review(driver):
    """Issue 84, 8: `stop` during a review in the page answers at once (a stopped review,
    no move lines) and the engine answers the next line at once too: the standby Worker
    was loaded while the review ran."""
    driver.execute_script("window.pending = window.client.request(['%s', 'review positions 2000000'],"
                          " (l) => l === 'reviewok', 600000)" % LONG_REVIEW)
    time.sleep(5)  # the standby Worker loads meanwhile
    got = driver.execute_async_script("""
        const done = arguments[0], t = performance.now();
        window.client.stop();
        window.pending.then(async (lines) => {
          const stopped = performance.now() - t;
          const ready = await window.client.request(['isready'], (l) => l === 'readyok', 60000);
          done({lines, stopped, ready: performance.now() - t});
        });""")
    print("figure: a review stopped in %.1f ms, the next isready answered at %.1f ms"
          % (got["stopped"], got["ready"]))
    web.check(got["lines"][-2:] == ["info string review stopped: the moves were not all judged",
                                    "reviewok"] and not any(" ply " in l for l in got["lines"]),
              "a stopped review says so and judges no move: %s" % got["lines"][-3:])
    web.check(got["stopped"] < AT_ONCE_MS and got["ready"] < AT_ONCE_MS,
              "stop ends a review in the page at once, and the engine goes on at once "
              "(%.1f and %.1f ms; the aim is 100)" % (got["stopped"], got["ready"]))


def test_move_list(driver, port):
    """Issue 70: the move list steps through the game (click, arrows, Esc), takes it back to
    a move, and a player can resign, shown and saved as such."""
    open_page(driver, port, "engine=page", "both")
    for n, token in enumerate(["1a1", "2b2", "1d4", "4d4"]):
        driver.find_element(By.ID, "token").send_keys(token + "\n")
        web.wait_until(lambda: len(web.moves_of(driver)) == n + 1, 20, "the typed move " + token)
    click_move(driver, 2)
    web.check(web.stones_shown(driver) == {"1a1": "x", "2b2": "o"} and
              driver.find_element(By.ID, "takeback").is_displayed(),
              "a click on the second move shows its position: %s" % web.stones_shown(driver))
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    web.check(web.stones_shown(driver) == {"1a1": "x"},
              "the left arrow steps back: %s" % web.stones_shown(driver))
    driver.find_element(By.ID, "token").send_keys("3c3\n")
    web.check("Esc goes back" in web.text(driver, "message") and len(web.moves_of(driver)) == 4,
              "a move typed while looking back is refused: %s" % web.text(driver, "message"))
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    web.check(len(web.stones_shown(driver)) == 4 and not driver.find_element(By.ID, "takeback").is_displayed(),
              "Esc goes back to the game")
    click_move(driver, 2)
    driver.find_element(By.ID, "takeback").click()
    web.wait_until(lambda: web.moves_of(driver) == ["1a1", "2b2"] and
                   web.text(driver, "status") == "X to move", 20, "taken back to the second move")
    web.Select(driver.find_element(By.ID, "side")).select_by_value("x")
    web.wait_until(lambda: driver.find_element(By.ID, "resign").is_enabled(), 10, "resign offered")
    driver.find_element(By.ID, "resign").click()
    web.wait_until(lambda: web.text(driver, "status") == "Game over: O wins (you resigned)", 20,
                   "the resignation shown: %s" % web.text(driver, "status"))
    web.check(web.text(driver, "banner") == "You lost.", "the banner: %s" % web.text(driver, "banner"))
    driver.find_element(By.ID, "save").click()
    saved = driver.find_element(By.ID, "record").get_attribute("value")
    web.check('[Result "0-1"]' in saved and '[Termination "resignation"]' in saved,
              "saved as resigned: %r" % saved)


def static_server(directory):
    """Python's http.server on `directory`; returns (process, port) once it listens."""
    port = web.free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                               str(port), "-d", directory], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, preexec_fn=web.die_with_parent)
    web.wait_until(lambda: web.Server.listening(type("S", (), {"port": port})()), web.SERVER_WAIT,
                   "the static server listens")
    return server, port


CACHES = "return caches.keys().then((keys) => arguments[0](keys))"


def test_offline(driver, scratch):
    """Issue 85, 5: after one visit the site opens and plays with no network: the page, the
    engine, the books, the table and the puzzles come from the service worker's cache. A
    new version of the site is noticed and offered, and taken only when asked."""
    site = os.path.join(scratch, "site")
    shutil.copytree(SITE, site)
    server, port = static_server(site)
    try:
        driver.get(url(port, "engine=page"))
        web.wait_until(lambda: driver.execute_script("return Boolean(navigator.serviceWorker.controller)"),
                       web.SERVER_WAIT, "the service worker keeps the page")
        web.wait_until(lambda: "Qubic" in web.text(driver, "engine"), web.SERVER_WAIT, "the page's engine")
        first = driver.execute_async_script(CACHES)
        web.check(len(first) == 1 and first[0].startswith("qubic-"), "one version kept: %s" % first)
        # Chromium's own word on the manifest, the icons and the service worker.
        errors = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors")
        web.check(errors == [], "Chromium finds the site installable: %s" % errors)
        # A new version, as `make site` makes one: a file changed, the site sealed again.
        with open(os.path.join(site, "style.css"), "a") as f:
            f.write("/* another version */\n")
        shutil.copy(os.path.join(SOURCE, "web", "service-worker.js"), site)
        subprocess.run([os.path.join(SOURCE, "tools", "web", "seal-site.sh"), site], check=True,
                       stdout=subprocess.DEVNULL)
        # The browser's check for a new version, asked again every 10 s: on a loaded machine
        # one check can fail (the suite's CI run at 0304230 waited 120 s for one in vain).
        asked = [0.0]
        def offered():
            if time.monotonic() - asked[0] >= 10:
                asked[0] = time.monotonic()
                driver.execute_script("navigator.serviceWorker.getRegistration()"
                                      ".then((r) => r.update()).catch(() => {})")
            return driver.find_element(web.By.ID, "update").is_displayed()
        web.wait_until(offered, 300, "the page offers the new version")
        web.check(driver.execute_async_script(CACHES) != [] and
                  driver.execute_script("return document.getElementById('update').textContent")
                  .startswith("A new version of Qubic is ready."), "and says so")
        driver.execute_script("window.oldPage = true")
        driver.find_element(web.By.ID, "update-reload").click()
        web.wait_until(lambda: driver.execute_script("return window.oldPage === undefined") and
                       len(driver.execute_async_script(CACHES)) == 1 and
                       driver.execute_async_script(CACHES) != first, 120,
                       "the page reloads from the new version alone")
    finally:
        server.terminate()
        server.wait(10)
    # No server at all: the page, a game against the engine in the page, a puzzle.
    driver.get(url(port, "engine=page"))
    web.wait_until(lambda: "Qubic" in web.text(driver, "engine"), web.SERVER_WAIT,
                   "the page and its engine without a server: %s" % web.text(driver, "message"))
    web.Select(driver.find_element(web.By.ID, "side")).select_by_value("x")
    web.new_game(driver, 0)
    driver.find_element(web.By.CSS_SELECTOR, '.flat .cell[data-token="1a1"]').click()
    web.wait_until(lambda: len(web.moves_of(driver)) == 2, 120,
                   "a move played and answered without a server: %s" % web.moves_of(driver))
    driver.find_element(web.By.ID, "puzzle").click()
    web.wait_until(lambda: "Puzzle" in web.text(driver, "mode-info"), 120,
                   "a puzzle without a server: %s" % web.text(driver, "message"))
    print("ok: offline after one visit: a game and a puzzle with no server; a new version offered")


def main():
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        print("SKIP: chromium or chromedriver is missing (make test installs them)")
        return 77
    if not os.path.isfile(os.path.join(SITE, "qubic-engine-wasm.wasm")):
        print("SKIP: no site in %s (make site builds it)" % SITE)
        return 77
    scratch = tempfile.mkdtemp(prefix="qubic-site-test-")
    web.BROWSER_TMP = os.path.join(scratch, "browser-tmp")
    os.mkdir(web.BROWSER_TMP)
    port = web.free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                               str(port), "-d", SITE], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, preexec_fn=web.die_with_parent)
    driver = None
    try:
        web.wait_until(lambda: web.Server.listening(type("S", (), {"port": port})()), web.SERVER_WAIT,
                       "the static server listens")
        driver = web.browser(1280, 800)
        driver.set_script_timeout(600)
        started = time.monotonic()
        driver.get("http://127.0.0.1:%d/?engine=auto" % port)
        web.wait_until(lambda: "Qubic" in web.text(driver, "engine"), 60,
                       "the page reaches an engine")
        playable = time.monotonic() - started
        transport = driver.execute_script("return document.getElementById('transport').value")
        web.check(transport == "page", "no bridge here: the engine in the page plays (%s)" % transport)
        print("figure: navigation to a named engine in %.2f s (loopback)" % playable)
        test_engine_offered(driver, port)
        # The build without threads (the service worker makes later visits isolated).
        load(driver, port, "engine=page&threads=1")

        global PAGE_HASH_MB
        hash_line = [l for l in page(driver, ["ugi"], "ugiok") if l.startswith("option name Hash ")]
        PAGE_HASH_MB = int(re.search(r"default (\d+)", hash_line[0]).group(1))
        options = " ".join(l.split()[2] for l in page(driver, ["ugi"], "ugiok") if l.startswith("option "))
        web.check("Threads" not in options.split() and "ProvenCache" not in options.split(),
                  "the page's engine offers no Threads and no ProvenCache (%s)" % options)
        # A 32-bit engine counts its tables' bytes in 32 bits: 16384 MB was taken as none.
        web.check(re.search(r" max 1024$", hash_line[0]) is not None,
                  "the page's Hash goes up to 1024 MB: %s" % hash_line[0])
        refused = page(driver, ["setoption name Hash value 16384", "isready"], "readyok")
        web.check(any(l.startswith("info string error: setoption Hash") for l in refused),
                  "and 16384 MB is refused in the page: %s" % refused)
        test_study(driver)
        test_isolated(driver, port)
        if os.environ.get("QUBIC_WEB_MEASURE"):
            measure(driver, port)
        test_games(driver, port)
        test_stop_in_game(driver, port)
        test_stop_in_game(driver, port, "engine=page&threads=1")
        test_reload_and_links(driver, port)
        test_move_list(driver, port)
        test_hostile_records(driver, port, scratch)
        test_overlay(driver, port)
        driver.get(url(port, "engine=page"))
        test_whole_book_mid_search(driver)
        test_offline(driver, scratch)
        load(driver, port, "engine=page")

        # go nodes N gives the native bestmove and score, on twenty positions of the analysis
        # benchmark's set (6 and 8 stones, proven wins and losses among them), and after X's
        # 1b1, where only the whole book has the answer (the page's own proves mate 59
        # within 2000 nodes, the whole book says 53).
        positions = [l.strip() for l in open(POSITIONS) if l.strip() and not l.startswith("#")][:20]
        positions += [".x............../.....o........../................/................ x",
                      ".x............../................/................/................ o"]
        batches = searches(positions, 20000)
        page_lines = [search_lines(page(driver, lines, "bestmove")) for lines in batches]
        theirs = native(batches)
        ours = [outcome(lines) for lines in page_lines]
        differ = [(p, a, b) for p, a, b in zip(positions, page_lines, theirs) if a != b]
        proven = sum(1 for _, score in ours if score and score.startswith("mate"))
        web.check(ours[-2][1] == "mate 53", "the page's engine has the whole book: %s" % (ours[-2],))
        web.check(len(ours) == len(theirs) == len(positions) and not differ and proven,
                  "go nodes 20000: the page's lines (bestmove, scores, depths, nodes) are the native"
                  " ones on %d positions, %d of them proven (differing, page then native: %s)"
                  % (len(positions), proven, differ))

        # Same engine, same claims: bench and node-budgeted searches as natively.
        signature = lambda lines: int(re.search(r"signature (\d+)", [l for l in lines if l.startswith("info string bench:")][-1]).group(1))
        ours = signature(page(driver, ["bench"], "info string bench:"))
        out = subprocess.run([os.path.join(BUILD, "bin", "qubic-bench"), "signature"],
                             capture_output=True, text=True, timeout=600).stdout
        theirs = int(re.search(r"signature: (\d+) nodes", out).group(1))
        web.check(ours == theirs, "bench: signature %d in the page, %d natively (qubic-bench)"
                  % (ours, theirs))

        test_stop_search(driver)
        test_stop_review(driver)
        # The same without threads: the standby Worker takes over at the stop.
        load(driver, port, "engine=page&threads=1")
        test_stop_search(driver)
        test_stop_review(driver)
    finally:
        if driver:
            driver.quit()
        server.terminate()
        server.wait(10)
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
