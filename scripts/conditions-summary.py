#!/usr/bin/env python3
"""Summarizes scripts/measure-conditions.sh: per lock, ops/s of the bounded buffer in each round
from the old and the new build, new ÷ old per round, and each build's ratio to `jdk` (ReentrantLock,
whose conditions the change does not touch) within the same fork sequence.
Usage: scripts/conditions-summary.py DIR   (default docs/results/conditions)"""
import json
import sys
from pathlib import Path


def load(path):
    out = {}
    for r in json.load(open(path)):
        if r["benchmark"].endswith(".buffer"):
            out[r["params"]["spec"]] = r["primaryMetric"]["score"]
    return out


def main(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    d = Path(argv[0] if argv else "docs/results/conditions")
    if not list(d.glob("bounded-buffer-*.json")):
        print(f"conditions-summary.py: no bounded-buffer-*.json in {d} (see --help)", file=sys.stderr)
        return 2
    rounds = sorted({p.stem.rsplit("-", 1)[1] for p in d.glob("bounded-buffer-*.json")})
    data = {(w, r): load(d / f"bounded-buffer-{w}-{r}.json") for w in ("old", "new") for r in rounds}
    specs = list(data[("new", rounds[0])])
    print("| lock | " + " | ".join(f"old / new ops/s (round {r})" for r in rounds) + " | new ÷ old | old ÷ jdk | new ÷ jdk |")
    print("|---|" + "---|" * (len(rounds) + 3))
    for s in specs:
        cells = [f"{data[('old', r)][s] / 1e3:.0f}k / {data[('new', r)][s] / 1e3:.0f}k" for r in rounds]
        gain = ", ".join(f"{data[('new', r)][s] / data[('old', r)][s]:.2f}" for r in rounds)
        old_jdk = ", ".join(f"{data[('old', r)][s] / data[('old', r)]['jdk']:.2f}" for r in rounds)
        new_jdk = ", ".join(f"{data[('new', r)][s] / data[('new', r)]['jdk']:.2f}" for r in rounds)
        print(f"| `{s}` | " + " | ".join(cells) + f" | {gain} | {old_jdk} | {new_jdk} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
