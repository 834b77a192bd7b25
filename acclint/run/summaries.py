"""The project's per-file summaries, kept by content (acclint.analysis.project's `Summaries`).

One dict per file path, for the version of the file whose bytes have the digest `content`: the
project layer fills it with what the front end found, the file's index, and what the file sends
other files for each set of seeds it receives. A new version of a file starts an empty dict. The
result cache saves the store between runs (acclint.run.cache); a run without it, and each
worker process, keeps one in memory (acclint.run.jobs).
"""

from __future__ import annotations

import os

# What a file sends out is kept for this many sets of seeds received (the newest): enough for
# the edits that come and go in a session, bounded for a file whose callers keep changing.
KEPT_OUTGOING = 8


class SummaryStore:
    def __init__(self, data: dict[str, dict] | None = None) -> None:
        self.data: dict[str, dict] = data if isinstance(data, dict) else {}

    def summary(self, path: str, content: str) -> dict:
        """The summary of this version of `path`, to read and fill in."""
        key = os.path.abspath(path)
        entry = self.data.get(key)
        if entry is None or entry.get("content") != content:
            entry = self.data[key] = {"content": content}
        return entry

    def holds(self, path: str, content: str) -> bool:
        """Whether the front end's verdict on this version of `path` is kept."""
        entry = self.data.get(os.path.abspath(path))
        return entry is not None and entry.get("content") == content and "screened" in entry

    def saved(self) -> dict[str, dict]:
        """The store as data to save: files that still exist, each with its newest outgoing."""
        out = {}
        for path, entry in self.data.items():
            if os.path.exists(path):
                outgoing = entry.get("outgoing")
                if outgoing is not None and len(outgoing) > KEPT_OUTGOING:
                    entry["outgoing"] = dict(list(outgoing.items())[-KEPT_OUTGOING:])
                out[path] = entry
        return out
