#!/usr/bin/python3
"""A second UGI engine for the web board's test, written apart from ours: Qubic's rules
from scratch (the 76 lines of four), a uniformly random move, no options (but below). The page must
play against it as against qubic-engine, knowing nothing but what it says.
With --hang-after N it stops answering after its Nth go (reading on, saying nothing); with
--endless-go N its Nth go and those after it never end (everything else is answered); with
--slow-levels MS it offers levels 0-15, each described MS milliseconds after it is asked."""
import itertools
import random
import sys
import time


def lines_of_four():
    cells = [(x, y, z) for z in range(4) for y in range(4) for x in range(4)]
    found = set()
    for start in cells:
        for d in itertools.product((-1, 0, 1), repeat=3):
            if d == (0, 0, 0):
                continue
            line = [tuple(start[k] + i * d[k] for k in range(3)) for i in range(4)]
            if all(0 <= c < 4 for p in line for c in p):
                found.add(frozenset(16 * z + 4 * y + x for x, y, z in line))
    return [tuple(l) for l in found]


LINES = lines_of_four()
assert len(LINES) == 76


def index_of(token):
    t = token.lower()
    if t.isdigit() and int(t) < 64:
        return int(t)
    if len(t) == 3 and t[0] in "1234" and t[1] in "abcd" and t[2] in "1234":
        return 16 * (int(t[0]) - 1) + 4 * (int(t[2]) - 1) + "abcd".index(t[1])
    return None


def token_of(i):
    return str(i // 16 + 1) + "abcd"[i % 4] + str(i % 16 // 4 + 1)


def winner(board):
    for line in LINES:
        owners = {board.get(c) for c in line}
        if len(owners) == 1 and None not in owners:
            return owners.pop()
    return None


def main():
    rng = random.Random(5)
    board = {}
    hang_after = int(sys.argv[2]) if sys.argv[1:2] == ["--hang-after"] else None
    endless_go = int(sys.argv[2]) if sys.argv[1:2] == ["--endless-go"] else None
    # --slow-levels MS: a Level option whose levels (0-15) each take MS to describe, so that
    # the page's level list fills slowly.
    slow_levels = int(sys.argv[2]) / 1000 if sys.argv[1:2] == ["--slow-levels"] else None
    searches = 0
    say = lambda text: (sys.stdout.write(text + "\n"), sys.stdout.flush())
    for raw in sys.stdin:
        words = raw.split()
        if not words or (hang_after is not None and searches >= hang_after):
            continue
        cmd = words[0]
        if cmd == "ugi":
            say("id name random mover (test)")
            if slow_levels is not None:
                say("option name Level type spin default 6 min 0 max 15")
            say("ugiok")
        elif cmd == "isready":
            say("readyok")
        elif cmd == "position" and words[1:2] == ["startpos"]:
            new = {}
            for n, token in enumerate(words[3:] if words[2:3] == ["moves"] else []):
                i = index_of(token)
                if i is None or i in new or winner(new):
                    say("info string error: position: bad move " + token)
                    break
                new[i] = "x" if n % 2 == 0 else "o"
            else:
                board = new
        elif cmd == "go":
            searches += 1
            if endless_go is not None and searches >= endless_go:
                continue  # a search that never ends, not even at stop
            free = [i for i in range(64) if i not in board]
            say("info depth 1 score cp 0")
            say("bestmove " + token_of(rng.choice(free)))
        elif cmd == "query" and words[1:2] == ["level"] and slow_levels is not None:
            time.sleep(slow_levels)
            say("response %d Level %s: a test level" % (100 * int(words[2]), words[2]))
        elif cmd == "query" and len(words) > 1:
            w = winner(board)
            over = w is not None or len(board) == 64
            if words[1] == "gameover":
                say("response " + ("true" if over else "false"))
            elif words[1] == "p1turn":
                say("response " + ("true" if len(board) % 2 == 0 else "false"))
            elif words[1] == "result":
                say("response " + ({"x": "p1win", "o": "p2win"}.get(w) or ("draw" if over else "none")))
        elif cmd == "quit":
            return


main()
