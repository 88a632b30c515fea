#!/usr/bin/python3
"""Puzzles and survival in a real browser (issue 70, docs/web.md): a puzzle solved without
hints counts, one won with a hint does not, a first move judged wrong is checked by the
solver against the shipped file's count, a puzzle survives a reload; survival ends with the
plies survived beside the bound the engine proved, a best kept only without take-backs.

usage: test_modes.py BUILD_DIR WEB_DIR [SCREENSHOT_DIR]   (exit 77: no browser here)"""
import os
import re
import subprocess
import sys

from harness import By, check, text, wait_until, web  # exit 77 without Selenium

PUZZLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "data", "qubic.puzzles")


def puzzle(number):
    lines = [l.split() for l in open(PUZZLES) if l.strip() and not l.startswith("#")]
    f = lines[number - 1]
    return {"position": f[0] + " " + f[1], "plies": int(f[2]), "wins": int(f[3]), "fastest": f[4],
            "stars": int(f[5])}


def solver_says_wins(position, moves):
    """qubic-solve's own value of the position after `moves`: whether the puzzle's side still wins."""
    out = subprocess.run([web.SOLVE, "prove", position, "--moves", ",".join(moves), "--nodes", "5000000"],
                         capture_output=True, text=True, timeout=120)
    side = "X" if position.endswith("x") else "O"
    return ("value: %s wins" % side) in out.stdout


def engine_best(position, moves):
    """The native engine's move for the puzzle's side, with its proven score."""
    commands = "position fen %s moves %s\ngo nodes 400000\nquit\n" % (position, " ".join(moves))
    out = subprocess.run([web.ENGINE], input=commands, capture_output=True, text=True, timeout=60).stdout
    mates = re.findall(r"score mate (-?\d+)", out)
    return out.split("bestmove ")[-1].split()[0], int(mates[-1]) if mates else None


def mode_info(driver):
    return text(driver, "mode-info")


def wait_settled(driver):
    wait_until(lambda: driver.find_element(By.ID, "mode-info").get_attribute("data-settled") == "true",
               30, "the puzzle's opening analysis ends")


def my_turn(driver, side):
    return text(driver, "status") == side + " to move" and "thinking" not in text(driver, "message")


def play_out(driver, p, side):
    """Plays the puzzle's side to the end with the native engine's proven moves."""
    for _ in range(20):
        wait_until(lambda: my_turn(driver, side) or "Game over" in text(driver, "status"), 60,
                   "the player's turn or the end")
        if "Game over" in text(driver, "status"):
            return
        moves = web.moves_of(driver)
        move, mate = engine_best(p["position"], moves)
        check(mate is not None and mate > 0, "the native engine proves the win goes on with %s" % move)
        driver.find_element(By.ID, "token").send_keys(move + "\n")
        wait_until(lambda: len(web.moves_of(driver)) > len(moves), 20, "the move is taken")
    raise AssertionError("the puzzle did not end")


def test_puzzles(server):
    driver = web.browser(1280, 800)
    try:
        driver.get(server.url)
        web.new_game(driver, level=2)
        driver.find_element(By.ID, "puzzle").click()
        p = puzzle(1)
        side = "X" if p["position"].endswith("x") else "O"
        wait_until(lambda: mode_info(driver).startswith("Puzzle 1 of 120"), 20, "the first puzzle opens")
        check(mode_info(driver) == "Puzzle 1 of 120, %s: %s to move wins within %d moves. Find a winning move."
              % ("★" * p["stars"], side, (p["plies"] + 1) // 2), "its title is the file's: " + mode_info(driver))
        check(driver.execute_script("return location.hash").endswith("mode=puzzle-1"),
              "the address names the puzzle")
        wait_settled(driver)
        # A first move that does not win: the page lists the winning ones; each is a win by
        # the solver and there are as many as the file's count, so the move is proven wrong.
        stones = {i for i, c in enumerate(p["position"].split()[0].replace("/", "")) if c != "."}
        tokens = ["%d%s%d" % (i // 16 + 1, "abcd"[i % 4], (i % 16) // 4 + 1) for i in range(64) if i not in stones]
        wrong = next(t for t in tokens if not solver_says_wins(p["position"], [t]))
        driver.find_element(By.ID, "token").send_keys(wrong + "\n")
        said = wait_until(lambda: mode_info(driver) if "Wrong" in mode_info(driver) else "",
                          20, "the wrong first move is judged at once: " + mode_info(driver))
        listed = said.split("(only ")[1].split(" do)")[0].split(", ")
        check(len(listed) == p["wins"] and all(solver_says_wins(p["position"], [m]) for m in listed),
              "%s is wrong: the %d moves listed are the file's count and each wins by the solver" % (wrong, len(listed)))
        wait_until(lambda: my_turn(driver, side), 30, "the engine's reply")
        driver.find_element(By.ID, "undo").click()
        wait_until(lambda: web.moves_of(driver) == [] and my_turn(driver, side), 20, "taken back")
        driver.find_element(By.ID, "token").send_keys(p["fastest"] + "\n")
        wait_until(lambda: "Right: %s wins, the fastest way" % p["fastest"] in mode_info(driver), 20,
                   "the fastest move is right: " + mode_info(driver))
        play_out(driver, p, side)
        wait_until(lambda: "solved!" in mode_info(driver), 20, "solved: " + mode_info(driver))
        check(text(driver, "banner") == "You won!", "the banner says so")
        check(driver.execute_script("return localStorage.getItem('qubic.puzzles-solved')") == "1",
              "the browser keeps puzzle 1 as solved")
        driver.find_element(By.ID, "save").click()
        record = wait_until(lambda: driver.find_element(By.ID, "record").get_attribute("value"), 10, "a record")
        check('[%s "Engine, level 15"]' % ("O" if side == "X" else "X") in record and
              '[Position "%s"]' % p["position"] in record, "the record: the position, the engine at full strength")

        # The next puzzle, with a hint: won, not counted; a reload keeps the puzzle and the hint.
        driver.find_element(By.ID, "next-puzzle").click()
        p = puzzle(2)
        side = "X" if p["position"].endswith("x") else "O"
        wait_until(lambda: mode_info(driver).startswith("Puzzle 2 of 120"), 20, "Next puzzle: puzzle 2")
        wait_settled(driver)
        driver.find_element(By.ID, "hint").click()
        wait_until(lambda: text(driver, "message").startswith("Hint:"), 30, "a hint")
        driver.refresh()
        wait_until(lambda: mode_info(driver).startswith("Puzzle 2 of 120"), 30,
                   "after a reload the puzzle goes on: " + mode_info(driver))
        check("counted=no" in driver.execute_script("return location.hash"), "the hint is kept with it")
        play_out(driver, p, side)
        wait_until(lambda: "won with hints, not counted" in mode_info(driver), 20, mode_info(driver))
        check(driver.execute_script("return localStorage.getItem('qubic.puzzles-solved')") == "1",
              "puzzle 2 is not counted")
        web.shoot(driver, "web-puzzle-1280.png")
    finally:
        driver.quit()


def survive(driver):
    """Plays O, the first empty cell each time, to the end; returns the moves."""
    for _ in range(40):
        wait_until(lambda: my_turn(driver, "O") or "Game over" in text(driver, "status"), 60,
                   "O's turn or the end")
        if "Game over" in text(driver, "status"):
            return web.moves_of(driver)
        moves = web.moves_of(driver)
        free = driver.execute_script(
            "return Array.from(document.querySelectorAll('.flat .cell'))"
            ".filter(c => !c.dataset.stone).map(c => c.dataset.token)")
        driver.find_element(By.ID, "token").send_keys(sorted(free)[0] + "\n")
        wait_until(lambda: len(web.moves_of(driver)) > len(moves), 20, "O's move is taken")
    raise AssertionError("survival did not end")


def test_survival(server):
    driver = web.browser(1280, 800)
    try:
        driver.get(server.url)
        web.new_game(driver, level=0)
        driver.find_element(By.ID, "survival").click()
        wait_until(lambda: mode_info(driver).startswith("Survival: ply"), 20, "survival starts")
        moves = survive(driver)
        said = mode_info(driver)
        m = re.match(r"You survived (\d+) plies of the (\d+) the engine's first proof allowed at most\. Your best: (\d+)\.$", said)
        check(m and int(m.group(1)) == len(moves) and int(m.group(3)) == len(moves),
              "survival's score is the game's plies, the best kept: " + said)
        check(int(m.group(1)) <= int(m.group(2)), "X won within the bound the engine proved")
        check(engine_best_result(moves) == "p1win", "the native engine agrees X won")
        check(text(driver, "banner") == "You lost.", "the banner says so")
        # A take-back: the game does not count.
        driver.find_element(By.ID, "survival").click()
        wait_until(lambda: len(web.moves_of(driver)) >= 1 and my_turn(driver, "O"), 30, "X's first move")
        driver.find_element(By.ID, "token").send_keys("4d4\n" if "4d4" not in web.moves_of(driver) else "4a4\n")
        wait_until(lambda: len(web.moves_of(driver)) >= 3 and my_turn(driver, "O"), 30, "X's reply")
        driver.find_element(By.ID, "undo").click()
        wait_until(lambda: len(web.moves_of(driver)) == 1 and my_turn(driver, "O"), 20, "taken back")
        survive(driver)
        check(mode_info(driver).endswith("Moves were taken back or hinted: not counted."), mode_info(driver))
        check(driver.execute_script("return localStorage.getItem('qubic.survival-best')") == str(len(moves)),
              "the best is unchanged")
    finally:
        driver.quit()


def engine_best_result(moves):
    return web.engine_result(moves)


def main():
    return web.run_tests("modes", [test_puzzles, test_survival])


if __name__ == "__main__":
    sys.exit(main())
