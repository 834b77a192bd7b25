"""Recall on hazards users posted in public threads (issue 21): `tests/data/recall/*.py`.

Each file reduces one public report (its address on the first line) to a self-contained snippet.
`# expect: CODE` marks a hazard acclint reports; `# missed: CODE` a hazard it does not report
yet, with the reason in the file's comments. Each file's findings must be exactly its `expect`
labels: a miss that becomes a finding (or a new finding on a clean line) fails here, so the
labels, and the recall this prints, stay true.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from labelled import findings, labels

CORPUS = sorted((Path(__file__).parent / "data" / "recall").glob("*.py"))
MISSED = re.compile(r"#\s*missed:\s*((?:ACC\d+\s*)+)$")
RECALL_FLOOR = 0.85  # issue 21's goal


def missed(source: str) -> set[tuple[int, str]]:
    """The hazards a report holds that acclint does not find (`# missed: CODE`)."""
    return labels(source, MISSED)


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_each_report_gives_exactly_its_labels(path):
    source = path.read_text()
    assert re.match(r"# source: https://\S+", source), "the first line names the public report"
    assert labels(source) or missed(source), "a report holds at least one hazard"
    assert findings(source) == labels(source)


def test_recall_over_the_reports():
    found = sum(len(labels(p.read_text())) for p in CORPUS)
    left = sum(len(missed(p.read_text())) for p in CORPUS)
    assert len(CORPUS) >= 20
    recall = found / (found + left)
    print(f"recall {found}/{found + left} = {recall:.2f} over {len(CORPUS)} reports")
    assert recall >= RECALL_FLOOR
