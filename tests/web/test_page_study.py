#!/usr/bin/python3
"""The proven review and the explanation in a real browser (issue 70, docs/web.md): the
page asks the engine's `review` and shows its verdicts; at the same budget they are
qubic-solve review's, move for move (a missed forced win marked as the mistake it is). Its
`explain` shows a forcing win a step at a time on the board, the steps qubic-solve explain
gives. Another engine, without the commands, gets a clear word.

usage: test_page_study.py BUILD_DIR WEB_DIR [SCREENSHOT_DIR]   (exit 77: no browser here)"""
import re
import subprocess
import sys

from harness import By, Select, check, text, wait_until, web  # exit 77 without Selenium

# X has 1a1 1b1 1c1 and misses 1d1 with 3d4; O completes 2a1-2d1.
GAME = "1a1 2a1 1b1 2b1 1c1 2c1 3d4 2d1".split()
BUDGET = 20000


def solve_review(moves):
    out = subprocess.run([web.SOLVE, "review", " ".join(moves), "--positions", str(BUDGET)],
                         capture_output=True, text=True, timeout=300)
    rows = re.findall(r"^ +(\d+)  [XO] +([1-4][a-d][1-4]) +.{18}  .{18}  (.*)$", out.stdout, re.M)
    return [(int(p), m, words) for p, m, words in rows]


def page_review(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#review-list li'),"
        " li => [li.value, li.textContent, li.dataset.verdict])")


def play(driver, moves):
    for n, token in enumerate(moves):
        driver.find_element(By.ID, "token").send_keys(token + "\n")
        wait_until(lambda: len(web.moves_of(driver)) >= n + 1 or "Game over" in text(driver, "status"),
                   20, "the typed move " + token)


def test_review_as_solve(server):
    driver = web.browser(1280, 800)
    try:
        driver.get(server.url + "?review=%d" % BUDGET)
        Select(driver.find_element(By.ID, "side")).select_by_value("both")
        web.new_game(driver)
        play(driver, GAME)
        wait_until(lambda: "Game over: O wins" in text(driver, "status"), 20, "O completes its line")
        driver.find_element(By.ID, "review").click()
        wait_until(lambda: text(driver, "message").startswith("Review:"), 300,
                   "the review ends: " + text(driver, "message"))
        shown = page_review(driver)
        expected = solve_review(GAME)
        check(len(expected) == len(GAME), "qubic-solve reviews the %d moves" % len(GAME))
        check([(p, "%s %s%s: %s" % ("X" if p % 2 else "O", m, "?" if "missed" in w or "threw" in w
                                     or "walked" in w else "", w)) for p, m, w in expected] ==
              [(p, line) for p, line, _ in shown],
              "the page's review is qubic-solve review --positions %d's, move for move:\n%s\n%s"
              % (BUDGET, expected, shown))
        missed = [line for p, line, verdict in shown if verdict == "missed-a-forced-win"]
        check(missed == ["X 3d4?: missed a forced win (1d1 wins)"], "3d4 is the mistake: %s" % missed)
        check("X 1 mistake (first: ply 7, 3d4: missed a forced win (1d1 wins))" in text(driver, "message"),
              "the summary names it: " + text(driver, "message"))
        mark = driver.find_element(By.CSS_SELECTOR, '#moves button.move[data-ply="7"]')
        check(mark.text == "3d4?" and mark.get_attribute("title") == "missed a forced win (1d1 wins)",
              "the move list marks it: %r %r" % (mark.text, mark.get_attribute("title")))
        web.shoot(driver, "web-review-1280.png")
        # Taken back before the mistake: the marks of the moves kept stay, the rest go.
        driver.find_element(By.CSS_SELECTOR, '#moves button.move[data-ply="6"]').click()
        driver.find_element(By.ID, "takeback").click()
        wait_until(lambda: len(web.moves_of(driver)) == 6, 20, "taken back to move 6")
        check(len(page_review(driver)) == 6, "the review's lines of the six moves kept stay")
    finally:
        driver.quit()


def test_review_progress_and_stop(server):
    """Issue 85, 7: a long review says how far it is as it goes and can be stopped; the
    game and its moves stay."""
    driver = web.browser(1280, 800)
    try:
        driver.get(server.url + "?review=1000000000")
        Select(driver.find_element(By.ID, "side")).select_by_value("both")
        web.new_game(driver)
        play(driver, GAME[:6])
        driver.find_element(By.ID, "review").click()
        wait_until(lambda: re.search(r"Reviewing 6 moves .*: step \d+ of 14…", text(driver, "message")),
                   120, "the review says its progress: " + text(driver, "message"))
        stop = driver.find_element(By.ID, "review-stop")
        check(stop.is_displayed(), "a Stop button while it runs")
        stop.click()
        wait_until(lambda: text(driver, "message") == "Review stopped: the moves were not all judged.",
                   60, "stopped, and said: " + text(driver, "message"))
        check(not stop.is_displayed() and web.moves_of(driver) == GAME[:6] and not page_review(driver),
              "the button goes, the game stays, no verdict is shown")
    finally:
        driver.quit()


PUZZLE = "x..o...o...xx..o/...xoo.....o...x/...o...xxx....../...o...o...xx..o x"


def solve_explain(position):
    out = subprocess.run([web.SOLVE, "explain", position], capture_output=True, text=True, timeout=120)
    return re.findall(r"^ +\d+\. [XO] ([1-4][a-d][1-4])  (.*)$", out.stdout, re.M)


def marked(driver, kind):
    return sorted(driver.execute_script(
        "return Array.from(document.querySelectorAll('.flat .cell.%s'), c => c.dataset.token)" % kind))


def test_explain(server):
    driver = web.browser(1280, 800)
    try:
        driver.get(server.url + "#position=" + PUZZLE.replace(" ", "+") + "&moves=")
        Select(driver.find_element(By.ID, "side")).select_by_value("both")
        wait_until(lambda: text(driver, "status") == "X to move" and
                   text(driver, "engine") not in ("", "connecting…"), 30, "the position of the link")
        game_stones = web.stones_shown(driver)
        driver.find_element(By.ID, "explain").click()
        wait_until(lambda: text(driver, "message").startswith("Forcing win"), 60,
                   "the explanation: " + text(driver, "message"))
        steps = solve_explain(PUZZLE)
        check(len(steps) == 2, "qubic-solve explains it in two steps: %s" % steps)
        first = "move 1 of 3: X %s %s at 2c3." % steps[0]  # the double three, then the line: 3 moves
        check(first in text(driver, "message"), "step 1 is qubic-solve's: %s" % text(driver, "message"))
        check(web.stones_shown(driver).get("4a3") == "x" and marked(driver, "line") ==
              sorted(["4a3", "3b3", "2c3", "1d3"]) and marked(driver, "hint") == ["2c3"],
              "the board shows the move, its three and the cell O must take")
        driver.find_element(By.ID, "token").send_keys("1b1\n")
        check("shows an explanation" in text(driver, "message"), "no move is taken meanwhile")
        driver.find_element(By.ID, "explain-next").click()
        check(("move 2 of 3: X %s %s. Move 3 completes a line." % steps[1]) in text(driver, "message"),
              text(driver, "message"))
        shown = web.stones_shown(driver)
        check(shown.get("2c3") == "o" and shown.get("1a3") == "x" and len(marked(driver, "line")) == 7,
              "step 2: O's block, X's double three (two lines, seven cells): %s" % marked(driver, "line"))
        web.shoot(driver, "web-explain-1280.png")
        driver.find_element(By.ID, "explain-next").click()
        check(text(driver, "message").startswith("End of the explanation"), text(driver, "message"))
        check(web.stones_shown(driver) == game_stones and not marked(driver, "line"),
              "the board shows the game again")
    finally:
        driver.quit()


def test_other_engine_has_no_review(scratch):
    server = web.Server([sys.executable, web.RANDOM_ENGINE], scratch)
    driver = web.browser(1280, 800)
    try:
        driver.get(server.url)
        web.new_game(driver)
        play(driver, ["1a1"])
        wait_until(lambda: len(web.moves_of(driver)) == 2, 20, "the random engine's reply")
        driver.find_element(By.ID, "review").click()
        wait_until(lambda: text(driver, "message").startswith("No review"), 30, "no review")
        check("offers no review" in text(driver, "message"), "and why: " + text(driver, "message"))
        driver.find_element(By.ID, "explain").click()
        wait_until(lambda: text(driver, "message").startswith("No explanation"), 30, "no explanation")
        check("offers no explanation" in text(driver, "message"), "and why: " + text(driver, "message"))
    finally:
        driver.quit()
        server.stop()


def main():
    return web.run_tests("study", [test_review_as_solve, test_review_progress_and_stop, test_explain],
                         [test_other_engine_has_no_review])


if __name__ == "__main__":
    sys.exit(main())
