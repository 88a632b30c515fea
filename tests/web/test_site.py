#!/usr/bin/python3
"""The board as a static site (make site, docs/web.md "The engine in the page"): build/site
served by Python's plain http.server, no bridge, and headless Chromium. Checked: the page
finds no bridge and plays with the engine in the page; a game's first moves; the page's
engine's `bench` gives the bench signature qubic-bench prints natively (searches
budgeted in positions and nodes only); `stop` ends a long search at once and the engine goes on with its options and
position.

usage: test_site.py BUILD_DIR SITE_DIR   (exit 77: no browser, or no site built)"""
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
    import test_web as web
except ImportError:
    print("SKIP: python3-selenium is not installed (make test installs it)")
    sys.exit(77)

BUILD, SITE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ENGINE = os.path.join(BUILD, "bin", "qubic-engine")


def native(commands):
    out = subprocess.run([ENGINE], input="\n".join(commands + ["quit"]) + "\n",
                         capture_output=True, text=True, timeout=300)
    return out.stdout.splitlines()


# Runs UGI lines through a fresh WorkerTransport in the page; resolves with the replies up
# to and including the first line that starts with `last`.
PAGE_CLIENT = """
const [lines, last, done] = arguments;
import('./ugi.js').then(async ({UgiClient, WorkerTransport}) => {
  if (!window.client) {
    window.client = new UgiClient(new WorkerTransport());
    await window.client.connect();
  }
  const replies = await window.client.request(lines, (l) => l.startsWith(last), 600000);
  done(replies);
}).catch((e) => done(['error ' + e]));
"""


def page(driver, lines, last):
    return driver.execute_async_script(PAGE_CLIENT, lines, last)


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
        web.wait_until(lambda: web.Server.listening(type("S", (), {"port": port})()), 10,
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

        # A game's first moves against level 0: the page's engine answers.
        web.Select(driver.find_element(By.ID, "level")).select_by_value("0")
        driver.find_element(By.ID, "token").send_keys("1a1\n")
        web.wait_until(lambda: len(web.moves_of(driver)) >= 2, 60, "the engine in the page replies")
        web.check(web.moves_of(driver)[0] == "1a1", "the game goes on: %s" % web.moves_of(driver))

        # Same engine, same claims: bench and node-budgeted searches as natively.
        signature = lambda lines: int(re.search(r"signature (\d+)", [l for l in lines if l.startswith("info string bench:")][-1]).group(1))
        ours = signature(page(driver, ["bench"], "info string bench:"))
        out = subprocess.run([os.path.join(BUILD, "bin", "qubic-bench"), "signature"],
                             capture_output=True, text=True, timeout=600).stdout
        theirs = int(re.search(r"signature: (\d+) nodes", out).group(1))
        web.check(ours == theirs, "bench: signature %d in the page, %d natively (qubic-bench)"
                  % (ours, theirs))

        # stop: a search of 20 s ends at once; the engine keeps its options and position.
        page(driver, ["setoption name Level value 15", "position startpos moves 1a1 2b2", "isready"], "readyok")
        driver.execute_script("window.pending = window.client.request(['go movetime 20000'],"
                              " (l) => l.startsWith('bestmove'), 60000)")
        time.sleep(1)
        took = driver.execute_async_script("""
            const done = arguments[0], t = performance.now();
            window.client.stop();
            window.pending.then(() => done(performance.now() - t));""")
        print("figure: stop answered in %.1f ms" % took)
        web.check(took < 1000, "stop ends a search in the page at once (%.1f ms; the aim is 100)" % took)
        after = page(driver, ["query p1turn"], "response")
        web.check(after[-1] == "response true", "the fresh engine has the position: X to move after 1a1 2b2")
        best = page(driver, ["go nodes 5000"], "bestmove")[-1].split()[1]
        web.check(best not in ("1a1", "2b2", "0000"), "and searches it: %s" % best)
    finally:
        if driver:
            driver.quit()
        server.terminate()
        server.wait(10)
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
