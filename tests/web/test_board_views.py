#!/usr/bin/python3
"""The board's views in a real browser (issue 70, docs/web.md): the planes' coordinates, what
a screen reader hears of a cell, the cube turned all the way round and zoomed, the dark
theme the system asks for, and cells a finger can hit on a phone.

usage: test_board_views.py BUILD_DIR WEB_DIR [SCREENSHOT_DIR]   (exit 77: no browser here)"""
import sys

from harness import ActionChains, By, Select, check, wait_until, web  # exit 77 without Selenium


def play(driver, tokens):
    for n, token in enumerate(tokens):
        driver.find_element(By.ID, "token").send_keys(token + "\n")
        wait_until(lambda: len(web.moves_of(driver)) == n + 1, 20, "the typed move " + token)


def label(driver, token):
    return driver.find_element(By.CSS_SELECTOR, '.flat .cell[data-token="%s"]' % token) \
                 .get_attribute("aria-label")


def test_coordinates_and_labels(server):
    driver = web.browser(1280, 800)
    try:
        driver.get(server.url)
        Select(driver.find_element(By.ID, "side")).select_by_value("both")
        web.new_game(driver)
        first = driver.find_element(By.CSS_SELECTOR, ".flat-grid")
        marks = [c.text for c in first.find_elements(By.CSS_SELECTOR, ".coordinate")]
        check(marks == ["4", "3", "2", "1", "", "a", "b", "c", "d"],
              "a plane shows its ranks down the left and its files along the bottom: %s" % marks)
        # The coordinates are where a player reads them: rank 1 beside 1a1, file a under it.
        cell = driver.find_element(By.CSS_SELECTOR, '.flat .cell[data-token="1a1"]').rect
        rank = first.find_elements(By.CSS_SELECTOR, ".coordinate")[3].rect
        file = first.find_elements(By.CSS_SELECTOR, ".coordinate")[5].rect
        check(abs(rank["y"] - cell["y"]) < 2 and rank["x"] < cell["x"] and
              abs(file["x"] - cell["x"]) < 2 and file["y"] > cell["y"],
              "rank 1 is left of 1a1 and file a below it")
        check(label(driver, "2c3") == "2c3, empty", "an empty cell is read as such: " + label(driver, "2c3"))
        play(driver, ["1a1", "2c3"])
        check(label(driver, "1a1") == "1a1, X", "X's stone is read out: " + label(driver, "1a1"))
        check(label(driver, "2c3") == "2c3, O, last move", "O's, the last move: " + label(driver, "2c3"))
        groups = driver.execute_script(
            "return Array.from(document.querySelectorAll('.flat-grid'), g => g.getAttribute('aria-label'))")
        check(groups == ["Level 1", "Level 2", "Level 3", "Level 4"], "each plane is a named group")
        check(driver.find_element(By.ID, "cube").get_attribute("aria-hidden") == "true",
              "the cube, a second drawing of the same cells, is hidden from screen readers")
        # The cube turns past the old 90-degree cap on its tilt, and the wheel zooms it.
        scene = driver.find_element(By.CSS_SELECTOR, ".scene")
        cube = driver.find_element(By.ID, "cube")
        ActionChains(driver).move_to_element_with_offset(cube, 0, -150).click_and_hold() \
            .move_by_offset(0, 200).move_by_offset(0, 200).release().perform()
        turned = driver.execute_script("return document.querySelector('.scene').style.transform")
        tilt = float(turned.split("rotateX(")[1].split("deg")[0])
        check(tilt < -90 or tilt > 90, "dragging tilts the cube past 90 degrees: " + turned)
        driver.execute_script(
            "document.getElementById('cube').dispatchEvent(new WheelEvent('wheel',"
            " {deltaY: -100, bubbles: true, cancelable: true}))")
        zoomed = scene.get_attribute("style")
        check("scale(1.1)" in zoomed, "the wheel brings the cube nearer: " + zoomed)
        check(web.moves_of(driver) == ["1a1", "2c3"], "turning the cube played no move")
        driver.find_element(By.TAG_NAME, "body").send_keys("r")
        check("scale(1) rotateX(58deg)" in scene.get_attribute("style"), "r puts the cube back")
        # The system's dark theme: the page follows it.
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        dark = driver.execute_script(
            "const rgb = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);"
            " return rgb[0] + rgb[1] + rgb[2];")
        check(dark < 150, "a dark system gets a dark page (background sum %d)" % dark)
        web.shoot(driver, "web-dark-1280.png")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
        light = driver.execute_script(
            "const rgb = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);"
            " return rgb[0] + rgb[1] + rgb[2];")
        check(light > 600, "a light system a light one (%d)" % light)
    finally:
        driver.quit()


def test_phone_cells(server):
    driver = web.browser(390, 844)
    try:
        driver.get(server.url)
        web.new_game(driver)
        sizes = driver.execute_script(
            "return Array.from(document.querySelectorAll('.flat .cell'),"
            " c => Math.min(c.getBoundingClientRect().width, c.getBoundingClientRect().height))")
        check(min(sizes) >= 40, "on a 390 px phone every cell of the planes is 40 px or more: %g" % min(sizes))
        wide = driver.execute_script("return document.documentElement.scrollWidth")
        check(wide <= 390, "and the page fits the phone's width (%d px)" % wide)
    finally:
        driver.quit()


def test_settings_kept(server):
    """Issue 70: the settings come back after a reload: side, level, rating, time a move,
    clock, proven claims."""
    driver = web.browser(1280, 800)
    try:
        driver.get(server.url)
        web.new_game(driver, level=3)
        # Issue 84, 10: one rule on both faces, proven claims off at first (the game's `e`).
        check(not driver.find_element(By.ID, "claims").is_selected(), "Proven claims are off at first")
        Select(driver.find_element(By.ID, "side")).select_by_value("o")
        Select(driver.find_element(By.ID, "movetime")).select_by_value("3000")
        Select(driver.find_element(By.ID, "clock")).select_by_value("300+3")
        driver.find_element(By.ID, "claims").click()
        driver.find_element(By.ID, "by-elo").click()
        box = driver.find_element(By.ID, "elo")
        box.clear()
        box.send_keys("700\t")
        wait_until(lambda: driver.execute_script("return localStorage.getItem('qubic.rating')") == "700",
                   10, "the rating is kept")
        driver.refresh()
        wait_until(lambda: len(Select(driver.find_element(By.ID, "level")).options) > 3, 30, "the levels")
        value = lambda i: driver.find_element(By.ID, i).get_attribute("value")
        kept = (value("side"), value("level"), value("movetime"), value("clock"),
                driver.find_element(By.ID, "claims").is_selected(),
                driver.find_element(By.ID, "by-elo").is_selected(), value("elo"))
        check(kept == ("o", "3", "3000", "300+3", True, True, "700"),
              "after a reload: side, level, time a move, clock, claims, rating: %s" % (kept,))
        check(not driver.find_element(By.ID, "level").is_enabled(), "the level list off by rating")
    finally:
        driver.quit()


def main():
    return web.run_tests("board", [test_coordinates_and_labels, test_phone_cells, test_settings_kept])


if __name__ == "__main__":
    sys.exit(main())
