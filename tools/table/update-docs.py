#!/usr/bin/python3
"""Writes the figures of docs/table.md from `qubic-solve table info` after a join: the rows
by stones and value, the wins by distance and the shapes of the O wins (test_docs holds
the rows and distances to the shipped table, so a join is committed with this run after
it). The O wins themselves and the undecided positions are printed by `qubic-solve table
info --all` and `table list --undecided`, not kept in docs/.

usage: tools/table/update-docs.py [QUBIC_SOLVE] (default build/bin/qubic-solve)"""
import itertools
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
ARGS = sys.argv[1:]
SOLVE = ARGS[0] if ARGS else os.path.join(ROOT, "build", "bin", "qubic-solve")
DOC = os.path.join(ROOT, "docs", "table.md")


def spaced(x):
    return f"{x:,}".replace(",", " ")


def qubic_lines():
    """The 76 lines, each a frozenset of cell indices (16 z + 4 y + x)."""
    found = set()
    for x, y, z in itertools.product(range(4), repeat=3):
        for d in itertools.product((-1, 0, 1), repeat=3):
            cells = [(x + i * d[0], y + i * d[1], z + i * d[2]) for i in range(4)]
            if d != (0, 0, 0) and all(0 <= c < 4 for cell in cells for c in cell):
                found.add(frozenset(16 * c[2] + 4 * c[1] + c[0] for c in cells))
    return found


def symmetries(lines):
    """The 192 maps of the cells that take lines to lines: the axes permuted, then each
    coordinate through one of the eight maps of 0..3 that keep a line of four a line."""
    maps = [(0, 1, 2, 3), (3, 2, 1, 0), (1, 0, 3, 2), (2, 3, 0, 1),
            (0, 2, 1, 3), (3, 1, 2, 0), (1, 3, 0, 2), (2, 0, 3, 1)]
    found = []
    for axes in itertools.permutations(range(3)):
        for per_axis in itertools.product(maps, repeat=3):
            m = [0] * 64
            for cell in range(64):
                c = (cell % 4, cell // 4 % 4, cell // 16)
                d = [per_axis[k][c[axes[k]]] for k in range(3)]
                m[cell] = 16 * d[2] + 4 * d[1] + d[0]
            if all(frozenset(m[c] for c in line) in lines for line in lines):
                found.append(m)
    assert len(found) == 192
    return found


def o_win_shapes(o_wins):
    """Rows of the table of four-stone O wins by X's two stones up to the symmetries."""
    lines = qubic_lines()
    group = symmetries(lines)
    on_lines = {c: sum(c in line for line in lines) for c in range(64)}

    def token(c):
        return f"{c // 16 + 1}{'abcd'[c % 4]}{c // 4 % 4 + 1}"

    shapes = {}
    for w in o_wins:
        board = w.split(": ", 1)[1].split()[0].replace("/", "")
        x = [i for i, ch in enumerate(board) if ch == "x"]
        o = [i for i, ch in enumerate(board) if ch == "o"]
        if len(x) + len(o) != 4:
            continue
        shape = min(tuple(sorted(g[c] for c in x)) for g in group)
        entry = shapes.setdefault(shape, [0, 0])
        entry[0] += 1
        entry[1] += all(on_lines[c] == 7 for c in o)
    rows = []
    for shape, (n, o_on_sevens) in sorted(shapes.items(), key=lambda kv: (-kv[1][0], kv[0])):
        common = [line for line in lines if set(shape) <= line]
        where = "no common line" if not common else (
            "one line" if len(common) == 1 else f"{len(common)} lines")
        rows.append(f"  | {token(shape[0])} {token(shape[1])} | {where} | {n} | {o_on_sevens} |")
    on_sevens = sum(n for shape, (n, _) in shapes.items() if any(on_lines[c] == 7 for c in shape))
    return rows, on_sevens


def main():
    out = subprocess.run([SOLVE, "table", "info", "--all"], capture_output=True, text=True, check=True).stdout
    rows, longest, distances, o_wins, stones = {}, {}, {}, [], None
    for line in out.splitlines():
        m = re.match(r"(\d) stones: (\d+) of (\d+) positions: X wins (\d+), O wins (\d+), draws (\d+)", line)
        if m:
            stones = int(m[1])
            rows[stones] = [int(m[i]) for i in range(2, 7)]
            moves = re.search(r"; (\d+) with their move", line)
            rows[stones].append(int(moves[1]) if moves else 0)
        elif line.startswith("  longest win: "):
            longest[stones] = int(line.split()[2])
        elif line.startswith("  distances: "):
            distances[stones] = {a: int(n) for a, n in re.findall(r"(\d+-\d+) plies (\d+)", line)}
        elif line.startswith("  O wins: "):
            o_wins.append(line.strip())
    label = {4: "4 (X to move)", 3: "3 (O to move)", 2: "2 (X to move)", 1: "1 (O to move)", 0: "0"}
    summary = []
    for st in (4, 3, 2, 1, 0):
        held, total, x, o, d, with_move = rows[st]
        where = {0: "the empty board",
                 1: f"{held} of {total}" + (" (after 1a1)" if held < total else "")}.get(
            st, f"{spaced(held)} of {spaced(total)}")
        summary.append(f"| {label[st]} | {where} | {spaced(x)} | {o} | {d} | {longest.get(st, 0)} "
                       f"| {spaced(with_move)} |")
    buckets = sorted({b for st in (4, 3, 2) for b in distances.get(st, {})},
                     key=lambda b: int(b.split("-")[0]))
    histogram = [f"| {b} | " + " | ".join(spaced(distances.get(st, {}).get(b, 0)) for st in (4, 3, 2))
                 + " |" for b in buckets]
    doc = open(DOC).read()
    doc = re.sub(r"\| 4 \(X to move\) \|.*\n(\| [0-3]( \([XO] to move\))? \|.*\n)+",
                 "\n".join(summary) + "\n", doc)
    doc = re.sub(r"(\| \d+-\d+ \| [\d ]+ \| [\d ]+ \| [\d ]+ \|\n)+", "\n".join(histogram) + "\n", doc)
    shapes, x_on_sevens = o_win_shapes(o_wins)
    doc = re.sub(r"in (every O win|all but \d+ of the O wins), X's two stones stand on 4-line cells",
                 "in " + ("every O win" if x_on_sevens == 0 else f"all but {x_on_sevens} of the O wins")
                 + ", X's two stones stand on 4-line cells", doc)
    doc = re.sub(r"(  \| [1-4][a-d][1-4] [1-4][a-d][1-4] \| [^|]+ \| \d+ \| \d+ \|\n)+",
                 "\n".join(shapes) + "\n", doc)
    open(DOC, "w").write(doc)
    print("docs/table.md: %d rows, %d distance buckets, %d O wins, %d shapes of them"
          % (len(summary), len(histogram), len(o_wins), len(shapes)))


if __name__ == "__main__":
    main()
