"""Split the collected reports at random into a development half and a held-out half (issue 36).

Run once, right after the addresses were collected and before any report was read closely:
`python benchmarks/reports/split.py` reads `candidates.tsv` (one report a row: address,
framework, what the search excerpt suggested, title) and writes `split.tsv` with a `half`
column. The seed is fixed so that the split can be checked; it is never to be re-drawn.
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

SEED = 36  # the number; fixed before the draw
HERE = Path(__file__).parent


def main() -> None:
    with open(HERE / "candidates.tsv", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    order = list(range(len(rows)))
    random.Random(SEED).shuffle(order)
    dev = set(order[: len(rows) // 2])
    with open(HERE / "split.tsv", "w", newline="") as f:
        out = csv.writer(f, delimiter="\t", lineterminator="\n")
        out.writerow(["half", *rows[0].keys()])
        for i, row in enumerate(rows):
            out.writerow(["dev" if i in dev else "heldout", *row.values()])


if __name__ == "__main__":
    main()
