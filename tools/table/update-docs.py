#!/usr/bin/python3
"""Writes the figures of docs/table.md from `qubic-solve table info` after a join: the rows
by stones and value, the wins by distance and the list of O wins (test_docs holds the
docs to the shipped table, so a join is committed with this run after it).

usage: tools/table/update-docs.py [QUBIC_SOLVE] (default build/bin/qubic-solve)"""
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SOLVE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "bin", "qubic-solve")
DOC = os.path.join(ROOT, "docs", "table.md")


def spaced(x):
    return f"{x:,}".replace(",", " ")


def main():
    out = subprocess.run([SOLVE, "table", "info", "--all"], capture_output=True, text=True, check=True).stdout
    rows, longest, distances, o_wins, stones = {}, {}, {}, [], None
    for line in out.splitlines():
        m = re.match(r"(\d) stones: (\d+) of (\d+) positions: X wins (\d+), O wins (\d+), draws (\d+)", line)
        if m:
            stones = int(m[1])
            rows[stones] = [int(m[i]) for i in range(2, 7)]
        elif line.startswith("  longest win: "):
            longest[stones] = int(line.split()[2])
        elif line.startswith("  distances: "):
            distances[stones] = {a: int(n) for a, n in re.findall(r"(\d+-\d+) plies (\d+)", line)}
        elif line.startswith("  O wins: "):
            o_wins.append(line.strip())
    label = {4: "4 (X to move)", 3: "3 (O to move)", 2: "2 (X to move)", 1: "1 (O to move)", 0: "0"}
    summary = []
    for st in (4, 3, 2, 1, 0):
        held, total, x, o, d = rows[st]
        where = {0: "the empty board", 1: f"{held} of {total} (after 1a1)"}.get(
            st, f"{spaced(held)} of {spaced(total)}")
        summary.append(f"| {label[st]} | {where} | {spaced(x)} | {o} | {d} | {longest.get(st, 0)} |")
    buckets = sorted({b for st in (4, 3, 2) for b in distances.get(st, {})},
                     key=lambda b: int(b.split("-")[0]))
    histogram = [f"| {b} | " + " | ".join(spaced(distances.get(st, {}).get(b, 0)) for st in (4, 3, 2))
                 + " |" for b in buckets]
    doc = open(DOC).read()
    doc = re.sub(r"\| 4 \(X to move\) \|.*\n(\| [0-3]( \([XO] to move\))? \|.*\n)+",
                 "\n".join(summary) + "\n", doc)
    doc = re.sub(r"(\| \d+-\d+ \| [\d ]+ \| [\d ]+ \| [\d ]+ \|\n)+", "\n".join(histogram) + "\n", doc)
    doc = re.sub(r"(      O wins: .*\n)+", "".join("      " + w + "\n" for w in o_wins), doc)
    open(DOC, "w").write(doc)
    print("docs/table.md: %d rows, %d distance buckets, %d O wins" % (len(summary), len(histogram), len(o_wins)))


if __name__ == "__main__":
    main()
