#!/usr/bin/python3
"""The game clock in a real browser (issue 70, docs/web.md): the engine is told both clocks
(`go p1time p2time p1inc p2inc`), the increment is added after a move, a player whose time
runs out loses and the record says so as the terminal game writes it, a reload keeps the
clocks, and an engine whose search never ends loses on time.

usage: test_clock.py BUILD_DIR WEB_DIR   (exit 77: no browser here)"""
import os
import re
import subprocess
import sys
import time

from harness import By, check, text, wait_until, web  # exit 77 without Selenium


def seconds(shown):
    """'X 0:29.4' or 'O 1:05' -> seconds."""
    m = re.match(r"^[XO] (\d+):(\d+(?:\.\d)?)$", shown)
    return int(m.group(1)) * 60 + float(m.group(2))


def new_game(driver, url):
    driver.get(url)
    wait_until(lambda: text(driver, "engine") not in ("", "connecting…"), web.SERVER_WAIT, "the engine answers")
    driver.find_element(By.ID, "new").click()
    wait_until(lambda: "On the clock" in text(driver, "message"), 20, "a new game on the clock")


def test_time_forfeit_and_record(server):
    driver = web.browser(1280, 800)
    try:
        new_game(driver, server.url + "?clock=4+0")
        check(text(driver, "message").endswith("On the clock: 4 s + 0 s a move."), text(driver, "message"))
        check(text(driver, "clock-o") == "O 0:04.0", "O's clock waits at 4 s: " + text(driver, "clock-o"))
        # Each side's first move is untimed: X can take its time to find the board.
        time.sleep(5)
        check(text(driver, "clock-x") == "X 0:04.0" and text(driver, "status") == "X to move",
              "X's clock waits for X's first move: " + text(driver, "clock-x"))
        driver.find_element(By.ID, "token").send_keys("1a1\n")
        wait_until(lambda: len(web.moves_of(driver)) == 2 or "Game over" in text(driver, "status"), 30,
                   "the engine's reply within its 4 s")
        wait_until(lambda: "Game over" in text(driver, "status"), 30, "X's time runs out")
        check(text(driver, "status") == "Game over: O wins (X ran out of time)", text(driver, "status"))
        check(text(driver, "banner") == "You lost on time.", text(driver, "banner"))
        check(text(driver, "clock-x") == "X 0:00.0", "X's clock shows nothing left")
        check(web.moves_of(driver) == ["1a1", web.moves_of(driver)[1]] and len(web.moves_of(driver)) == 2,
              "the game: X's move and the engine's reply, no more: %s" % web.moves_of(driver))
        driver.find_element(By.ID, "save").click()
        record = wait_until(lambda: driver.find_element(By.ID, "record").get_attribute("value"), 10, "a record")
        for tag in ('[Result "0-1"]', '[Termination "time forfeit"]', '[TimeControl "tc=4+0"]',
                    '[XClock "0"]'):
            check(tag in record, "the record has " + tag)
        left = int(re.search(r'\[OClock "(\d+)"\]', record).group(1))
        check(left == 4000, "O's clock in the record: %d ms, its first move untimed" % left)
        # The terminal game's reader takes the record as a game lost on time.
        path = os.path.join(server.scratch, "forfeit.qgn")
        with open(path, "w") as f:
            f.write(record)
        out = subprocess.run([web.SOLVE, "review", path, "--time", "1"], capture_output=True,
                             text=True, timeout=60)
        check(out.returncode == 0, "qubic-solve review reads it: %s" % (out.stderr.strip()[:200]))
    finally:
        driver.quit()


def test_engine_told_and_increment(server):
    driver = web.browser(1280, 800)
    try:
        driver.get(server.url + "?clock=30+2")
        wait_until(lambda: text(driver, "engine") not in ("", "connecting…"), web.SERVER_WAIT, "the engine answers")
        driver.execute_script(
            "window.sent = []; const send = WebSocket.prototype.send;"
            " WebSocket.prototype.send = function (d) { window.sent.push(String(d));"
            " return send.call(this, d); };")
        driver.find_element(By.ID, "new").click()
        wait_until(lambda: "On the clock" in text(driver, "message"), 20, "a new game on the clock")
        driver.find_element(By.ID, "token").send_keys("1a1\n")
        wait_until(lambda: len(web.moves_of(driver)) == 2, 40, "the engine's reply")
        go = [l for l in driver.execute_script("return window.sent") if l.startswith("go ")]
        m = re.match(r"^go p1time (\d+) p2time (\d+) p1inc 2000 p2inc 2000$", go[-1] if go else "")
        check(m is not None, "the engine is told both clocks and increments: %s" % go)
        check(int(m.group(1)) == 30000 and int(m.group(2)) == 30000,
              "the first moves are untimed, without increment: %s" % go[-1])
        # The clocks run from the second move of each side: X's now, O's after X's move.
        wait_until(lambda: text(driver, "status") == "X to move", 30, "X's turn")
        free = next(t for t in ("2b2", "3c3", "4d4") if t not in web.moves_of(driver))
        driver.find_element(By.ID, "token").send_keys(free + "\n")
        wait_until(lambda: len(web.moves_of(driver)) == 4, 40, "the engine's second reply")
        go = [l for l in driver.execute_script("return window.sent") if l.startswith("go ")]
        m = re.match(r"^go p1time (\d+) p2time (\d+) p1inc 2000 p2inc 2000$", go[-1])
        check(int(m.group(1)) != 30000 and 20000 < int(m.group(1)) <= 32000 and
              29000 < int(m.group(2)) <= 30000,
              "X's clock ran and had its increment, O's runs from now: %s" % go[-1])
        x, o = seconds(text(driver, "clock-x")), seconds(text(driver, "clock-o"))
        check(x <= 32 and o <= 32 and o > 2, "the clocks after a move each: X %s, O %s" % (x, o))
        check(driver.find_element(By.ID, "clock-x").get_attribute("data-running") == "true",
              "X's clock runs on X's turn")
        time.sleep(1.5)
        later = seconds(text(driver, "clock-x"))
        check(later < x, "and goes down: %s then %s" % (x, later))
        driver.refresh()
        wait_until(lambda: text(driver, "clock-x").startswith("X "), 30, "the clocks after a reload")
        again = seconds(text(driver, "clock-x"))
        check(again <= later and again > later - 10,
              "a reload keeps the clocks: X %s before, %s after" % (later, again))
        check(web.moves_of(driver)[:1] == ["1a1"], "and the game")
    finally:
        driver.quit()


def test_hung_engine_loses_on_time(scratch):
    server = web.Server([sys.executable, web.RANDOM_ENGINE, "--endless-go", "2"], scratch)
    driver = web.browser(1280, 800)
    try:
        new_game(driver, server.url + "?clock=3+0")
        driver.find_element(By.ID, "token").send_keys("1a1\n")
        wait_until(lambda: len(web.moves_of(driver)) == 2, 30, "the engine's first reply")
        wait_until(lambda: text(driver, "status") == "X to move", 30, "X's turn")
        free = next(t for t in ("2b2", "3c3", "4d4") if t not in web.moves_of(driver))
        driver.find_element(By.ID, "token").send_keys(free + "\n")
        wait_until(lambda: "Game over" in text(driver, "status"), 30, "the hung engine's time runs out")
        check(text(driver, "status") == "Game over: X wins (O ran out of time)", text(driver, "status"))
        check(text(driver, "banner") == "You won on time!", text(driver, "banner"))
        check(len(web.moves_of(driver)) == 3, "no move of the engine after its flag fell")
    finally:
        driver.quit()
        server.stop()


def main():
    return web.run_tests("clock", [test_time_forfeit_and_record, test_engine_told_and_increment], [test_hung_engine_loses_on_time])


if __name__ == "__main__":
    sys.exit(main())
