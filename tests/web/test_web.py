#!/usr/bin/python3
"""The web board in a real browser (docs/web.md): websocketd on a free loopback port
runs one engine per page, and headless Chromium, driven by Selenium, plays as a player
would. Checked: a full game against level 0 with clicks in both views, its result
against qubic-engine's own `query result`, the saved record through `qubic-solve
review`, an engine killed and reconnected, the cap on engines, no engine left once the
pages close, and a second, unrelated UGI engine behind the same page.

usage: test_web.py BUILD_DIR WEB_DIR [SCREENSHOT_DIR]   (exit 77: no browser here)"""
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

try:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select
except ImportError:
    print("SKIP: python3-selenium is not installed (make test installs it)")
    sys.exit(77)

BUILD, WEB = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
SHOTS = sys.argv[3] if len(sys.argv) > 3 else ""
ENGINE = os.path.join(BUILD, "bin", "qubic-engine")
SOLVE = os.path.join(BUILD, "bin", "qubic-solve")
BRIDGE = os.path.join(os.path.dirname(WEB), "tools", "web", "bridge.sh")
RANDOM_ENGINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ugi_random_engine.py")
MAX_FORKS = 3


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print("ok:", what)


# Every wait is for a condition and returns once it holds; its deadline is at least this
# long (a screen at load 14-38 took more than a minute), a server's or a browser's start
# at least SERVER_WAIT.
SCREEN_WAIT = 120
SERVER_WAIT = 300


def wait_until(test, seconds, what):
    seconds = max(seconds, SCREEN_WAIT)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            value = test()
            if value:
                return value
        except WebDriverException:
            pass
        time.sleep(0.05)
    raise AssertionError("not within %g s: %s" % (seconds, what))


def die_with_parent():
    """websocketd goes when this test goes, even if it is killed (Linux's parent death signal)."""
    import ctypes
    ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """websocketd serving the page and one `command` per connection."""

    def __init__(self, command, scratch):
        self.scratch = scratch  # the home and configuration directory of its engines
        self.port = free_port()
        env = dict(os.environ, XDG_CONFIG_HOME=scratch, HOME=scratch, XDG_CACHE_HOME=scratch)
        # The bridge as `make web` starts it (tools/web/bridge.sh).
        self.process = subprocess.Popen(
            [BRIDGE, "127.0.0.1", str(self.port), str(MAX_FORKS)] + command, env=env,
            preexec_fn=die_with_parent)
        wait_until(self.listening, SERVER_WAIT, "websocketd listens")
        self.url = "http://127.0.0.1:%d/" % self.port

    def listening(self):
        with socket.socket() as s:
            return s.connect_ex(("127.0.0.1", self.port)) == 0

    def engines(self):
        """The engine processes websocketd runs now."""
        out = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True)
        return [int(p) for p in out.stdout.split()]

    def stop(self):
        self.process.terminate()
        self.process.wait(10)


# Chromium leaves its org.chromium.Chromium.* directories in TMPDIR: give it the scratch one.
BROWSER_TMP = None


def browser(width, height):
    options = Options()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=%d,%d" % (width, height)):
        options.add_argument(arg)
    if width < 500:  # below the smallest window of headless Chromium: a phone's viewport
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2}})
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    env = dict(os.environ, TMPDIR=BROWSER_TMP) if BROWSER_TMP else None
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver"), env=env), options=options)
    if width >= 500:  # the page's viewport exactly the size asked (the window's is smaller)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    return driver


def text(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def moves_of(driver):
    # Read in one go: the list is drawn afresh after every move.
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#moves li'), li => li.textContent)"
        ".join(' ')").split()


def engine_result(moves):
    """qubic-engine's own word on how the moves end."""
    commands = "position startpos moves %s\nquery result\nquit\n" % " ".join(moves)
    out = subprocess.run([ENGINE], input=commands, capture_output=True, text=True, timeout=30)
    return [l for l in out.stdout.splitlines() if l.startswith("response ")][-1].split()[1]


def play_to_the_end(driver, seconds=600):
    """Plays X until the game is over: level-4 cells by clicking the cube (its top plane
    is not covered), the others in the flat view. Returns how many clicks went to each."""
    clicks = {"cube": 0, "flat": 0}
    deadline = time.monotonic() + seconds
    while "Game over" not in text(driver, "status"):
        if time.monotonic() >= deadline:
            raise AssertionError("the game did not end within %d s" % seconds)
        status = text(driver, "status")
        if status != "X to move" or "thinking" in text(driver, "message"):
            time.sleep(0.05)
            continue
        before = len(moves_of(driver))
        free = [c for c in driver.find_elements(By.CSS_SELECTOR, '.flat .cell')
                if not c.get_attribute("data-stone")]
        tokens = [c.get_attribute("data-token") for c in free]
        top = [t for t in tokens if t.startswith("4")]
        if top and clicks["cube"] <= clicks["flat"]:
            driver.find_element(By.CSS_SELECTOR, '.cube .cell[data-token="%s"]' % top[0]).click()
            clicks["cube"] += 1
        else:
            driver.find_element(By.CSS_SELECTOR, '.flat .cell[data-token="%s"]' % tokens[0]).click()
            clicks["flat"] += 1
        wait_until(lambda: len(moves_of(driver)) > before or "Game over" in text(driver, "status"),
                   30, "the move is taken")
    return clicks


def new_game(driver, level=None):
    wait_until(lambda: text(driver, "engine") not in ("", "connecting…"), SERVER_WAIT, "the engine answers")
    if level is not None:
        wait_until(lambda: len(Select(driver.find_element(By.ID, "level")).options) > level, 10,
                   "the level list is built from the engine's option line")
        Select(driver.find_element(By.ID, "level")).select_by_value(str(level))
    Select(driver.find_element(By.ID, "movetime")).select_by_value("200")
    driver.find_element(By.ID, "new").click()
    wait_until(lambda: text(driver, "status") == "X to move" and not moves_of(driver), 20,
               "a new game")


def shoot(driver, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SHOTS, name))


def test_game_save_reconnect(server, scratch):
    driver = browser(1280, 800)
    try:
        began = time.monotonic()
        driver.get(server.url)
        # Issue 70, 5: a newcomer's first game was against level 15, perfect play. The page
        # starts where the terminal game starts one (level 6) and keeps the player's choice.
        wait_until(lambda: len(Select(driver.find_element(By.ID, "level")).options) > 6, 20,
                   "the level list is built")
        first = Select(driver.find_element(By.ID, "level")).first_selected_option.get_attribute("value")
        check(first == "6", "a newcomer starts at level 6, as in the terminal game (%s)" % first)
        new_game(driver, level=0)
        driver.refresh()
        wait_until(lambda: len(Select(driver.find_element(By.ID, "level")).options) > 6, 20,
                   "the level list is built again")
        again = Select(driver.find_element(By.ID, "level")).first_selected_option.get_attribute("value")
        check(again == "0", "the level chosen is kept across a reload (%s)" % again)
        new_game(driver, level=0)
        print("page load to a playable board: %.2f s" % (time.monotonic() - began))
        chosen = Select(driver.find_element(By.ID, "level")).first_selected_option.text
        check(chosen == "Level 0 Beginner (Elo 0)", "the levels are listed with names and ratings: " + chosen)
        check("blocks yours" in text(driver, "level-words"), "the chosen level says what it does")
        shoot(driver, "web-start-1280.png")
        clicks = play_to_the_end(driver)
        check(clicks["cube"] > 0 and clicks["flat"] > 0, "cells were clicked in both views %s" % clicks)
        moves = moves_of(driver)
        shown = text(driver, "status")
        expected = {"p1win": "X wins", "p2win": "O wins", "draw": "Draw"}[engine_result(moves)]
        check(shown == "Game over: " + expected, "the page shows the result qubic-engine gives: " + shown)
        line = subprocess.run([ENGINE], capture_output=True, text=True, timeout=30,
                              input="position startpos moves %s\nquery winline\nquit\n" % " ".join(moves))
        cells = [l for l in line.stdout.splitlines() if l.startswith("response")][-1].split()[1]
        for view in ("cube", "flat"):
            marked = driver.execute_script(
                "return Array.from(document.querySelectorAll('.%s .cell.line'), c => c.dataset.token)"
                ".join(',')" % view)
            check(sorted(marked.split(",")) == sorted(cells.split(",")) if cells != "none" else not marked,
                  "the %s view marks the engine's winning line (%s)" % (view, cells))
        # Issue 70, 4: the planes' white cells hid the line's yellow. Filled in both views.
        if cells != "none":
            colours = driver.execute_script(
                "return Array.from(document.querySelectorAll('.flat .cell.line'),"
                " c => getComputedStyle(c).backgroundColor)")
            check(colours and all(c not in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)") for c in colours),
                  "the planes fill the winning line's cells (%s)" % colours[:1])
        shoot(driver, "web-game-over-1280.png")

        driver.find_element(By.ID, "save").click()
        record = wait_until(lambda: driver.find_element(By.ID, "record").get_attribute("value"), 5,
                            "the record is made")
        path = os.path.join(scratch, "game.qgn")
        with open(path, "w") as f:
            f.write(record)
        review = subprocess.run([SOLVE, "review", path, "--time", "0.2"], capture_output=True,
                                text=True, timeout=600)
        check(review.returncode == 0, "qubic-solve review reads the saved record")

        engines = server.engines()
        check(len(engines) == 1, "one engine runs for the one page")
        os.kill(engines[0], signal.SIGKILL)
        wait_until(lambda: driver.find_element(By.ID, "reconnect").is_displayed(), 10,
                   "the page says the engine stopped and offers to reconnect")
        check("engine stopped" in text(driver, "message"), "the page says so: " + text(driver, "message"))
        driver.find_element(By.ID, "reconnect").click()
        # The button hides at the click, and the status was kept: the connection is made
        # once the page says so (waiting for less raced the reconnection on a busy machine).
        wait_until(lambda: not driver.find_element(By.ID, "reconnect").is_displayed() and
                   text(driver, "status") == shown and
                   not text(driver, "message").startswith("The engine stopped"), 20,
                   "reconnected, the game kept")
        check(moves_of(driver) == moves, "the moves are the same after reconnecting")
        check(text(driver, "message").startswith("Connected to"),
              "the stale failure message is gone: " + text(driver, "message"))
        check(text(driver, "claim") == "", "no claim once the game is over")
    finally:
        driver.quit()


def prove(moves):
    """qubic-solve's verdict on the position after `moves`: 'X wins', 'O wins' or else."""
    out = subprocess.run([SOLVE, "prove", "--no-table", "--moves", ",".join(moves), "--time", "60"],
                         capture_output=True, text=True, timeout=120)
    return out.stdout.splitlines()[0].replace("value: ", "") if out.stdout else out.stderr


def test_analysis(server):
    """Every cell the overlay marks as a proven win is one (qubic-solve prove), and so is
    every proven loss checked. The moves are typed, as tokens."""
    driver = browser(1280, 800)
    try:
        driver.get(server.url)
        Select(driver.find_element(By.ID, "side")).select_by_value("both")
        new_game(driver)
        moves = "1a1 4d4 1b1 4d3 1c1 4d2".split()
        for n, token in enumerate(moves):
            driver.find_element(By.ID, "token").send_keys(token.upper() + "\n")
            wait_until(lambda: len(moves_of(driver)) == n + 1, 10, "the typed move " + token)
        # What the page sends from now on, to see the analysis ask for a thread per core.
        driver.execute_script(
            "window.sent = []; const send = WebSocket.prototype.send;"
            " WebSocket.prototype.send = function (d) { window.sent.push(String(d));"
            " return send.call(this, d); };")
        driver.find_element(By.ID, "analysis").click()
        wait_until(lambda: text(driver, "message").startswith("Analysis:"), 60, "the analysis ends")
        cores = driver.execute_script("return navigator.hardwareConcurrency || 1")
        sent = "\n".join(driver.execute_script("return window.sent"))
        check("setoption name Threads value %d" % min(cores, 64) in sent,
              "the analysis asks for a thread per core (%d): %r" % (cores, sent[:300]))
        values = driver.execute_script(
            "return Array.from(document.querySelectorAll('.flat .cell'),"
            " c => [c.dataset.token, c.dataset.value]).filter(v => v[1])")
        wins = [t for t, v in values if v == "win"]
        losses = [t for t, v in values if v == "loss"]
        check(wins and losses, "the overlay marks %d wins and %d losses" % (len(wins), len(losses)))
        for token in wins:
            check(prove(moves + [token]) == "X wins", "X wins after %s, as marked" % token)
        for token in losses[:6]:
            check(prove(moves + [token]) == "O wins", "O wins after %s, as marked" % token)
        cube = driver.execute_script(
            "return document.querySelectorAll('.cube .cell[data-value=\"win\"]').length")
        check(cube == len(wins), "the cube shows the same wins")
        shoot(driver, "web-analysis-1280.png")
        # The page's address sets the analysis's threads: ?threads=3 asks for three.
        driver.get(server.url + "?threads=3")
        Select(driver.find_element(By.ID, "side")).select_by_value("both")
        new_game(driver)
        driver.find_element(By.ID, "token").send_keys("1a1\n")
        wait_until(lambda: len(moves_of(driver)) == 1, 10, "the typed move 1a1")
        driver.execute_script(
            "window.sent = []; const send = WebSocket.prototype.send;"
            " WebSocket.prototype.send = function (d) { window.sent.push(String(d));"
            " return send.call(this, d); };")
        driver.find_element(By.ID, "analysis").click()
        wait_until(lambda: "setoption name Threads value 3" in
                   driver.execute_script("return window.sent.join('\\n')"), 20,
                   "the analysis asks for the three threads of ?threads=3")
    finally:
        driver.quit()


def test_cap_and_cleanup(server):
    driver = browser(1280, 800)
    try:
        driver.get(server.url)
        for _ in range(MAX_FORKS):
            driver.switch_to.new_window("tab")
            driver.get(server.url)
        time.sleep(2)
        check(len(server.engines()) <= MAX_FORKS,
              "no more than %d engines for %d pages: %d" % (MAX_FORKS, MAX_FORKS + 1, len(server.engines())))
        refused = 0
        for handle in driver.window_handles:
            driver.switch_to.window(handle)
            refused += "cannot reach the engine" in text(driver, "message")
        check(refused >= 1, "a page over the cap says it cannot reach the engine")
    finally:
        driver.quit()
    wait_until(lambda: not server.engines(), 15, "no engine is left once the pages are closed")
    print("ok: no engine is left once the pages are closed")


def test_phone_screenshot(server):
    driver = browser(390, 844)
    try:
        driver.get(server.url)
        new_game(driver, level=0)
        for token in ("1a1", "2b2"):
            if text(driver, "status") == "X to move":
                driver.find_element(By.CSS_SELECTOR, '.flat .cell[data-token="%s"]' % token).click()
                time.sleep(1)
        driver.execute_script("window.scrollTo(0, 0)")
        shoot(driver, "web-phone-390.png")
        # The analysis of the position test_analysis checks, at a phone's size.
        Select(driver.find_element(By.ID, "side")).select_by_value("both")
        new_game(driver)
        for n, token in enumerate("1a1 4d4 1b1 4d3 1c1 4d2".split()):
            driver.find_element(By.ID, "token").send_keys(token + "\n")
            wait_until(lambda: len(moves_of(driver)) == n + 1, 10, "the typed move " + token)
        # What the page sends from now on, to see the analysis ask for a thread per core.
        driver.execute_script(
            "window.sent = []; const send = WebSocket.prototype.send;"
            " WebSocket.prototype.send = function (d) { window.sent.push(String(d));"
            " return send.call(this, d); };")
        driver.find_element(By.ID, "analysis").click()
        wait_until(lambda: text(driver, "message").startswith("Analysis:"), 60, "the analysis ends")
        cores = driver.execute_script("return navigator.hardwareConcurrency || 1")
        sent = "\n".join(driver.execute_script("return window.sent"))
        check("setoption name Threads value %d" % min(cores, 64) in sent,
              "the analysis asks for a thread per core (%d): %r" % (cores, sent[:300]))
        proven = driver.execute_script(
            "return document.querySelectorAll('.flat .cell[data-value=\"win\"]').length")
        check(proven > 0, "the analysis proves at full strength with level 0 chosen: %d wins" % proven)
        driver.execute_script("window.scrollTo(0, 0)")
        shoot(driver, "web-phone-390-analysis.png")
    finally:
        driver.quit()


def measure(server):
    """With QUBIC_WEB_MEASURE set: a move's round trip (the click to the engine's reply on
    the board) at levels 0 and 8, 1 s a move, over loopback; the median of eight."""
    driver = browser(1280, 800)
    try:
        for level in (0, 8):
            driver.get(server.url)
            new_game(driver, level=level)
            Select(driver.find_element(By.ID, "movetime")).select_by_value("1000")
            times = []
            for token in ("1a1", "1d4", "4a4", "4d1", "2b2", "3c3", "2c2", "3b3"):
                if text(driver, "status") != "X to move":
                    break
                cell = driver.find_element(By.CSS_SELECTOR, '.flat .cell[data-token="%s"]' % token)
                if cell.get_attribute("data-stone"):
                    continue
                count = len(moves_of(driver))
                began = time.monotonic()
                cell.click()
                wait_until(lambda: len(moves_of(driver)) >= count + 2 or
                           "Game over" in text(driver, "status"), 30, "the reply")
                times.append(time.monotonic() - began)
            times.sort()
            print("level %d: a move's round trip, median of %d: %.3f s (from %.3f to %.3f)" %
                  (level, len(times), times[len(times) // 2], times[0], times[-1]))
    finally:
        driver.quit()


def test_other_engine(scratch):
    server = Server([sys.executable, RANDOM_ENGINE], scratch)
    driver = browser(1280, 800)
    try:
        driver.get(server.url)
        new_game(driver)
        check(text(driver, "engine") == "random mover (test)", "the second engine's name is shown")
        check(not driver.find_element(By.ID, "level").is_enabled(),
              "no level control for an engine without a Level option")
        play_to_the_end(driver)
        moves = moves_of(driver)
        expected = {"p1win": "X wins", "p2win": "O wins", "draw": "Draw"}[engine_result(moves)]
        check(text(driver, "status") == "Game over: " + expected,
              "against the second engine too, the result agrees with qubic-engine's")
    finally:
        driver.quit()
        server.stop()


def test_level_moved_to_while_filling(scratch):
    """Issue 85, 4: a level the player moves to with the arrow keys while the level list is
    still filling stays the player's (it had become the newcomer's 6 without a word), and is
    applied and kept when the player leaves the list."""
    server = Server([sys.executable, RANDOM_ENGINE, "--slow-levels", "1000"], scratch)
    driver = browser(1280, 800)
    try:
        driver.get(server.url)
        count = lambda: len(driver.find_elements(By.CSS_SELECTOR, "#level option"))
        wait_until(lambda: count() >= 3, 60, "the level list begins to fill")
        level = driver.find_element(By.ID, "level")
        driver.execute_script("arguments[0].focus()", level)
        level.send_keys(Keys.ARROW_DOWN)
        level.send_keys(Keys.ARROW_DOWN)
        chosen = driver.execute_script("return arguments[0].value", level)
        check(count() < 16, "the keys came while the list filled (%d of 16 levels)" % count())
        wait_until(lambda: count() == 16, 60, "the level list is full")
        time.sleep(0.5)  # what the page does once the list is full
        shown = lambda: driver.execute_script("return arguments[0].value", level)
        check(shown() == chosen, "the level moved to, %s, is still chosen: %s" % (chosen, shown()))
        driver.find_element(By.ID, "token").click()  # leaving the list applies the choice
        kept = lambda: driver.execute_script("return localStorage.getItem('qubic.level')")
        wait_until(lambda: kept() == chosen, 20, "the level is applied and kept")
        check(shown() == chosen, "and shown: " + shown())
    finally:
        driver.quit()
        server.stop()


def test_hung_engine(scratch):
    """An engine that stops answering: the page says so and offers to reconnect, and the
    hung engine is ended with the page's socket."""
    server = Server([sys.executable, RANDOM_ENGINE, "--hang-after", "2"], scratch)
    driver = browser(1280, 800)
    try:
        driver.get(server.url)
        new_game(driver)
        for token in ("1a1", "2b2", "3c3"):
            wait_until(lambda: text(driver, "status") == "X to move" or
                       driver.find_element(By.ID, "reconnect").is_displayed(), 30, "X's turn")
            if driver.find_element(By.ID, "reconnect").is_displayed():
                break
            cell = driver.find_element(By.CSS_SELECTOR, '.flat .cell[data-token="%s"]' % token)
            if not cell.get_attribute("data-stone"):
                cell.click()
                time.sleep(0.3)
        wait_until(lambda: driver.find_element(By.ID, "reconnect").is_displayed(), 30,
                   "the page gives up on the hung engine")
        check("stopped answering" in text(driver, "message"), "the page says: " + text(driver, "message"))
        wait_until(lambda: not server.engines(), 20, "the hung engine is ended")
        print("ok: the hung engine is ended")
    finally:
        driver.quit()
        server.stop()


def test_load(server, scratch):
    """A record loaded from a file: its moves, each checked by the engine; a record with an
    illegal move leaves the game as it was."""
    driver = browser(1280, 800)
    try:
        driver.get(server.url)
        Select(driver.find_element(By.ID, "side")).select_by_value("both")
        new_game(driver)
        good = os.path.join(scratch, "load.qgn")
        with open(good, "w") as f:
            f.write('[Event "x"]\n\n1. 1a1 {first} 2b2 2. 1A2 3 *\n')
        driver.find_element(By.ID, "load").send_keys(good)
        wait_until(lambda: moves_of(driver) == ["1a1", "2b2", "1a2", "1d1"], 10, "the record's moves")
        print("ok: a record is loaded, tokens of any case and indices alike")
        bad = os.path.join(scratch, "bad.qgn")
        with open(bad, "w") as f:
            f.write("1. 1a1 1a1 *\n")
        driver.find_element(By.ID, "load").send_keys(bad)
        wait_until(lambda: "Not loaded" in text(driver, "message"), 10, "the bad record refused")
        check(moves_of(driver) == ["1a1", "2b2", "1a2", "1d1"], "the game is as it was")
        test_load_tags(driver, scratch)
        before = set(server.engines())
        test_hostile_records(driver, scratch, lambda: before <= set(server.engines()))
    finally:
        driver.quit()


def load_record(driver, scratch, name, record):
    path = os.path.join(scratch, name)
    with open(path, "w") as f:
        f.write(record)
    before = text(driver, "message")
    driver.find_element(By.ID, "load").send_keys(path)
    wait_until(lambda: text(driver, "message") != before, 20, "the page's word on " + name)
    return text(driver, "message")


# A tag value over several lines, each a command to websocketd's engine if it got through.
HOSTILE = ['[Position "x]\n{\nquit\n"]\n}\n',
           '[Position "x]\n{\nsetoption name Threads value 8\ngo infinite\n"]\n}\n',
           '[Position "x]\n{\nsetoption name Level value 0\n"]\n}\n']


def test_hostile_records(driver, scratch, alive):
    """Issue 84, 2 and 3, on either transport: no line of a record reaches the engine as a
    command of its own (the engine the page had still answers, and `alive()` if given says
    it is the same one), and a 10 MB record is refused by its size, the game unchanged."""
    if driver.find_element(By.ID, "analysis").is_selected():
        driver.find_element(By.ID, "analysis").click()  # its words would cover the page's
    for i, record in enumerate(HOSTILE):
        said = load_record(driver, scratch, "hostile-%d.qgn" % i, record)
        if alive:
            check(alive(), "the engine is still there after the record %r (%s)" % (record, said))
        load_record(driver, scratch, "after-%d.qgn" % i, "1. 1b1 2c2 *\n")
        wait_until(lambda: moves_of(driver) == ["1b1", "2c2"], 60,
                   "the engine takes the next record after %r" % record)
    began = time.monotonic()
    load_record(driver, scratch, "big.qgn", "\n" * (10 << 20))
    wait_until(lambda: "at most 1 MB" in text(driver, "message"), 60,
               "a 10 MB record refused by its size: %s" % text(driver, "message"))
    check(moves_of(driver) == ["1b1", "2c2"], "the game kept: %s" % moves_of(driver))
    print("ok: hostile records reach no engine; a 10 MB record refused in %.1f s"
          % (time.monotonic() - began))


def stones_shown(driver):
    return dict(driver.execute_script(
        "return Array.from(document.querySelectorAll('.flat .cell'),"
        " c => [c.dataset.token, c.dataset.stone]).filter(v => v[1])"))


def test_load_tags(driver, scratch):
    """Issue 70, 2, 3 and 6: a record's Position tag and Result hold when it is loaded; the
    old position's analysis goes."""
    # 2: from a Position tag (X on 1a1 and 1b1, O on 4d4; O to move), then 4d3 and 1c1.
    start = "xx.............." + "/" + "." * 16 + "/" + "." * 16 + "/" + "." * 15 + "o o"
    said = load_record(driver, scratch, "puzzle.qgn",
                       '[Event "x"]\n[Position "%s"]\n\n1... 4d3 2. 1c1 *\n' % start)
    check("Position tag" in said, "a record with a Position tag loads from it: %s" % said)
    wait_until(lambda: text(driver, "status") == "O to move", 10, "O to move after 4d3 1c1")
    shown = stones_shown(driver)
    check(shown == {"1a1": "x", "1b1": "x", "1c1": "x", "4d4": "o", "4d3": "o"},
          "the board shows the start's stones and the moves: %s" % shown)
    check(moves_of(driver) == ["4d3", "1c1"], "the moves: %s" % moves_of(driver))
    driver.find_element(By.ID, "save").click()
    saved = driver.find_element(By.ID, "record").get_attribute("value")
    check('[Position "%s"]' % start in saved and "1... 4d3 2. 1c1" in saved,
          "saved again with its Position tag and O's first move numbered 1...: %r" % saved)
    # Issue 84, 11: saved again, a loaded record keeps its players (the page's are the same).
    load_record(driver, scratch, "players.qgn", '[X "Ann"]\n[O "Engine, level 0"]\n\n1. 1a1 2b2 *\n')
    wait_until(lambda: moves_of(driver) == ["1a1", "2b2"], 60, "the record with players loaded")
    driver.find_element(By.ID, "save").click()
    saved = driver.find_element(By.ID, "record").get_attribute("value")
    check('[X "Ann"]' in saved and '[O "Engine, level 0"]' in saved,
          "saved again, its players are kept: %r" % saved)
    # 3: a game lost on time loads finished, and is saved so.
    said = load_record(driver, scratch, "forfeit.qgn",
                       '[Result "0-1"]\n[Termination "time forfeit"]\n\n1. 1a1 2b2 0-1\n')
    wait_until(lambda: text(driver, "status") == "Game over: O wins (on time)", 10,
               "the forfeit shown: %s" % text(driver, "status"))
    driver.find_element(By.ID, "save").click()
    saved = driver.find_element(By.ID, "record").get_attribute("value")
    check('[Result "0-1"]' in saved and '[Termination "time forfeit"]' in saved,
          "and saved as lost on time: %r" % saved)
    # 3: a Result the moves contradict (X completes a line, 0-1) is refused.
    said = load_record(driver, scratch, "contradiction.qgn",
                       '[Result "0-1"]\n\n1. 1a1 2a1 2. 1b1 2b1 3. 1c1 2c1 4. 1d1 0-1\n')
    check("Not loaded" in said and "Result is 0-1" in said and "X wins" in said,
          "a record whose moves contradict its Result is refused: %s" % said)
    check(text(driver, "status") == "Game over: O wins (on time)" and moves_of(driver) == ["1a1", "2b2"],
          "the game is as it was")
    # 6: the analysis of the position before is gone after a load.
    Select(driver.find_element(By.ID, "side")).select_by_value("both")
    load_record(driver, scratch, "plain.qgn", "1. 1a1 4d4 2. 1b1 4d3 3. 1c1 4d2 *\n")
    if not driver.find_element(By.ID, "analysis").is_selected():
        driver.find_element(By.ID, "analysis").click()
    wait_until(lambda: text(driver, "message").startswith("Analysis:"), 60, "the analysis ends")
    load_record(driver, scratch, "other.qgn", "1. 1d1 *\n")
    wait_until(lambda: moves_of(driver) == ["1d1"], 10, "the other record's move")
    stale = driver.execute_script(
        "return Array.from(document.querySelectorAll('.flat .cell'))"
        ".filter(c => c.dataset.stone && c.dataset.value).map(c => c.dataset.token)")
    check(not stale, "no occupied cell keeps a value of the analysis before: %s" % stale)
    # 6: asked for in a finished game, the analysis says why it shows nothing.
    driver.find_element(By.ID, "analysis").click()  # off
    load_record(driver, scratch, "won.qgn", "1. 1a1 2a1 2. 1b1 2b1 3. 1c1 2c1 4. 1d1 1-0\n")
    driver.find_element(By.ID, "analysis").click()  # on
    wait_until(lambda: "nothing to analyse" in text(driver, "message"), 10,
               "the analysis says the game is over: %s" % text(driver, "message"))


def test_addresses(server):
    """Issue 84, 4 and 9: an address's game the engine refuses, in part or whole, is cut in
    one round trip and the page says what went; a finished game's address stays finished."""
    driver = browser(1280, 800)
    status = lambda: text(driver, "status")
    try:
        cases = [
            ("moves=1a1&ended=p1win", lambda: status() == "Game over: X wins (as the record says)"
             and moves_of(driver) == ["1a1"]),
            ("position=xxxxx" + "." * 11 + ("/" + "." * 16) * 3 + "+o", lambda: status() == "X to move"
             and "start position was refused" in text(driver, "message")
             and "undefined" not in text(driver, "message")),
            ("moves=" + ",".join(["1a1", "2b2"] * 50000), lambda: moves_of(driver) == ["1a1", "2b2"]
             and "Moves 3 to 64 (1a1 and 61 more) were refused" in text(driver, "message")
             and "after the 64th were dropped" in text(driver, "message")),
            ("moves=1a1,2b2,1a1,3c3,4d4", lambda: moves_of(driver) == ["1a1", "2b2"]
             and "Moves 3 to 5 (1a1 and 2 more) were refused" in text(driver, "message")),
        ]
        for fragment, shown in cases:
            driver.get(server.url + "?engine=bridge#" + fragment)
            wait_until(shown, 60, "the address %s… as it should be: %s; %s"
                       % (fragment[:40], status(), text(driver, "message")))
        print("ok: refused addresses cut at once and said; a finished game's address finished")
    finally:
        driver.quit()


def upgrade(port, host, origin):
    """A WebSocket handshake with these Host and Origin headers: the socket and the status."""
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    s.sendall(("GET / HTTP/1.1\r\nHost: %s\r\nOrigin: %s\r\nUpgrade: websocket\r\n"
               "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n" % (host, origin)).encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            break
        head += chunk
    return s, head.split(b" ")[1].decode() if b" " in head else ""


def send_text(s, text):
    """One masked text frame, as a client must send it (RFC 6455)."""
    data, mask = text.encode(), os.urandom(4)
    s.sendall(bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))


def test_busy_port(server):
    """Issue 70, 11: on a port in use the bridge says so first, and offers no address."""
    out = subprocess.run([BRIDGE, "127.0.0.1", str(server.port), "1", ENGINE], capture_output=True,
                         text=True, timeout=30)
    check(out.returncode == 1 and "cannot serve on 127.0.0.1:%d" % server.port in out.stderr and
          "open http" not in out.stdout,
          "a busy port is refused before any address is offered: %d %r %r"
          % (out.returncode, out.stdout, out.stderr))


def test_keyboard(server):
    """Issue 70, 9: the board in a few Tabs (138 before), arrows move the cursor, Enter
    plays; '/' reaches the move box."""
    driver = browser(1280, 800)
    try:
        driver.get(server.url)
        Select(driver.find_element(By.ID, "side")).select_by_value("both")
        new_game(driver)
        driver.find_element(By.TAG_NAME, "body").click()
        tabs = 0
        active = lambda: driver.switch_to.active_element
        while tabs < 60 and not (active().get_attribute("data-view") == "flat"):
            active().send_keys(Keys.TAB)
            tabs += 1
        # From the top of the page: the tab stops before the first of the planes' cells.
        before = driver.execute_script(
            "const stops = Array.from(document.querySelectorAll('button, input, select, textarea,"
            " a[href]')).filter(e => e.tabIndex >= 0 && !e.disabled && e.offsetParent !== null);"
            " return stops.findIndex(e => e.dataset.view === 'flat');")
        # Issue 85, 2: the first Tab reaches the planes (it was the engine list).
        check(active().get_attribute("data-view") == "flat" and before == 0 and tabs == 1,
              "a plane's cell is reached in %d Tab(s) from the top of the page (138, then 2, before)"
              % tabs)
        start = active().get_attribute("data-token")
        active().send_keys(Keys.ARROW_RIGHT)
        active().send_keys(Keys.ARROW_UP)
        active().send_keys(Keys.PAGE_UP)
        cursor = active().get_attribute("data-token")
        check(start == "1a1" and cursor == "2b2", "arrows move the cursor: %s to %s" % (start, cursor))
        active().send_keys(Keys.ENTER)
        wait_until(lambda: moves_of(driver) == ["2b2"], 10, "Enter plays the cursor's cell")
        driver.find_element(By.TAG_NAME, "body").click()
        driver.find_element(By.TAG_NAME, "body").send_keys("/")
        check(active().get_attribute("id") == "token", "'/' reaches the move box")
        # Issue 85, 2: an arrow key on a list that changes the game changes nothing alone.
        side = driver.find_element(By.ID, "side")
        said = text(driver, "message")
        side.send_keys(Keys.ARROW_UP)
        time.sleep(1)
        check(driver.execute_script("return localStorage.getItem('qubic.side')") == "both"
              and text(driver, "message") == said,
              "an arrow on the side list alone changes nothing: %s" % text(driver, "message"))
        side.send_keys(Keys.ENTER)
        wait_until(lambda: driver.execute_script("return localStorage.getItem('qubic.side')") == "o",
                   10, "Enter applies the choice: %s" % text(driver, "message"))
        check(not driver.find_element(By.ID, "transport-box").is_displayed(),
              "no engine list where the site has only the server's engine")
    finally:
        driver.quit()


def test_side_change_while_thinking(server):
    """Issue 70, 1: "You play" changed while the engine thought made it move for both sides
    and refuse an occupied cell. The search is stopped and its move dropped. The engine may
    answer before its 3 s (a proof found): then the case is tried again (three times at
    most), since nothing was tested."""
    driver = browser(1280, 800)
    try:
        for attempt in range(3):
            driver.get(server.url)
            new_game(driver, level=15)
            Select(driver.find_element(By.ID, "movetime")).select_by_value("3000")
            driver.find_element(By.ID, "token").send_keys("2b2\n")
            wait_until(lambda: "thinking" in text(driver, "message"), 10, "the engine thinks")
            time.sleep(1)  # its proofs come in the first second (the table, the book)
            check(text(driver, "claim") == "",
                  "no claim for a player who did not ask for them (issue 70, 8): " + text(driver, "claim"))
            # Changed in one script, so that the engine's reply cannot come between the look
            # and the change: while the message says it thinks, its move is not played (the
            # page says "The engine played" as it takes the move).
            changed = driver.execute_script("""
                if (!document.getElementById('message').textContent.includes('thinking')) return false;
                const side = document.getElementById('side');
                side.value = 'o';
                side.dispatchEvent(new Event('change'));
                return true;""")
            if not changed:
                print("note: the engine moved before the change (attempt %d)" % (attempt + 1))
                continue
            time.sleep(6)  # past the engine's 3 s: a move it played would be there by now
            check(moves_of(driver) == ["2b2"], "the engine played for nobody: %s" % moves_of(driver))
            check(text(driver, "message").startswith("You play O"),
                  "no move refused, the message is the change's: " + text(driver, "message"))
            check(text(driver, "status").startswith("O to move"), "O, the player, to move: " + text(driver, "status"))
            return
        check(False, "the side could not be changed within the engine's 3 s in three attempts")
    finally:
        driver.quit()


def test_rating_controls(server):
    """Issue 70, 7: the rating box took 99999 without a word, the level list stayed active
    by rating, and the record still said "Engine, level N"."""
    driver = browser(1280, 800)
    try:
        driver.get(server.url)
        new_game(driver, level=3)
        wait_until(lambda: driver.find_element(By.ID, "elo-box").is_displayed(), 10,
                   "the rating control is offered")
        driver.find_element(By.ID, "by-elo").click()
        check(not driver.find_element(By.ID, "level").is_enabled(), "the level list is off by rating")
        box = driver.find_element(By.ID, "elo")
        box.clear()
        box.send_keys("99999\t")
        wait_until(lambda: "whole number from" in text(driver, "message"), 10, "99999 is refused")
        check(box.get_attribute("value") != "99999", "the box is back to a rating the engine takes")
        box.clear()
        box.send_keys("500\t")
        driver.find_element(By.ID, "save").click()
        record = wait_until(lambda: driver.find_element(By.ID, "record").get_attribute("value"), 10,
                            "the record is made")
        check('[O "Engine, rating 500"]' in record, "the record names the rating: " + record.split("\n")[3])
        driver.find_element(By.ID, "by-elo").click()
        check(driver.find_element(By.ID, "level").is_enabled(), "the level list is back")
    finally:
        driver.quit()


def test_bridge_origins(server):
    """Issue 68, 4: a foreign Host and Origin (DNS rebinding) get 403; the page's own origin
    an engine, which refuses to name a server file."""
    port = server.port
    for host, origin in (("evil.example:%d" % port, "http://evil.example:%d" % port),
                         ("127.0.0.1:%d" % port, "http://evil.example:%d" % port)):
        s, status = upgrade(port, host, origin)
        s.close()
        check(status == "403", "the bridge refuses Host %s, Origin %s (%s)" % (host, origin, status))
    s, status = upgrade(port, "127.0.0.1:%d" % port, "http://127.0.0.1:%d" % port)
    check(status == "101", "the bridge upgrades the page's own origin")
    send_text(s, "setoption name SolutionFile value /etc/passwd")
    send_text(s, "isready")
    seen = b""
    deadline = time.monotonic() + 60
    while b"readyok" not in seen and time.monotonic() < deadline:
        chunk = s.recv(4096)
        if not chunk:
            break
        seen += chunk
    s.close()
    check(b"not behind the web bridge" in seen and b"passwd" not in seen,
          "behind the bridge, SolutionFile is refused without a word about the file")


def run_tests(name, with_server, alone=()):
    """The main of a file of page tests: skipped (77) without a browser; `with_server`, each
    called with one bridge running our engine (its directory is `server.scratch`); `alone`,
    each given the scratch directory to start its own. A scratch directory of the file's,
    removed at the end."""
    global BROWSER_TMP
    if not (shutil.which("chromium") and shutil.which("chromedriver") and shutil.which("websocketd")):
        print("SKIP: chromium, chromedriver or websocketd is missing (make test installs them)")
        return 77
    scratch = tempfile.mkdtemp(prefix="qubic-%s-test-" % name)
    BROWSER_TMP = os.path.join(scratch, "browser-tmp")
    os.mkdir(BROWSER_TMP)
    server = Server([ENGINE, "--serve-page"], scratch)
    try:
        for test in with_server:
            test(server)
    finally:
        server.stop()
    for test in alone:
        test(scratch)
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


def main():
    if not (shutil.which("chromium") and shutil.which("chromedriver") and shutil.which("websocketd")):
        print("SKIP: chromium, chromedriver or websocketd is missing (make test installs them)")
        return 77
    global BROWSER_TMP
    scratch = tempfile.mkdtemp(prefix="qubic-web-test-")
    BROWSER_TMP = os.path.join(scratch, "browser-tmp")
    os.mkdir(BROWSER_TMP)
    server = Server([ENGINE, "--serve-page"], scratch)
    try:
        test_bridge_origins(server)
        test_busy_port(server)
        test_keyboard(server)
        test_game_save_reconnect(server, scratch)
        test_analysis(server)
        test_side_change_while_thinking(server)
        test_rating_controls(server)
        test_load(server, scratch)
        test_addresses(server)
        test_cap_and_cleanup(server)
        # Issue 68, 12: the bridge gives the engines a home, so the page's proven values are kept.
        wait_until(lambda: os.path.isfile(os.path.join(scratch, "qubic", "proven-values")), 60,
                   "the pages' engines kept their proven values under XDG_CACHE_HOME")
        test_phone_screenshot(server)
        if os.environ.get("QUBIC_WEB_MEASURE"):
            measure(server)
    finally:
        server.stop()
    test_other_engine(scratch)
    test_level_moved_to_while_filling(scratch)
    test_hung_engine(scratch)
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
