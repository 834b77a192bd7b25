"""The project's per-file summaries, kept by content (acclint.analysis.project's `Summaries`).

One dict per file path, for the version of the file whose bytes have the digest `content`: the
project layer fills it with what the front end found, the file's index, and what the file sends
other files for each set of seeds it receives (with the names its analysis asked the project
about, and the answers, which must still hold for it to serve). A new version of a file starts an empty dict. The
result cache saves the store between runs (acclint.run.cache); a run without it, and each
worker process, keeps one in memory (acclint.run.jobs).

A summary read from the cache is used only if it has the shape the project layer writes (what
its decoders read reads back as itself, `_sound`); any other is dropped and made anew.
"""

from __future__ import annotations

import os

# What a file sends out is kept for this many sets of seeds received (the newest): enough for
# the edits that come and go in a session, bounded for a file whose callers keep changing.
KEPT_OUTGOING = 8


class SummaryStore:
    def __init__(self, data: dict[str, dict] | None = None) -> None:
        self.data: dict[str, dict] = data if isinstance(data, dict) else {}
        self._checked: set[str] = set()  # paths whose entry is known to be sound

    def summary(self, path: str, content: str) -> dict:
        """The summary of this version of `path`, to read and fill in."""
        key = os.path.abspath(path)
        entry = self._entry(key)
        if entry is None or entry.get("content") != content:
            entry = self.data[key] = {"content": content}
            self._checked.add(key)
        return entry

    def holds(self, path: str, content: str) -> bool:
        """Whether the front end's verdict on this version of `path` is kept."""
        entry = self._entry(os.path.abspath(path))
        return entry is not None and entry.get("content") == content and "screened" in entry

    def _entry(self, key: str) -> dict | None:
        """The entry of `key`, checked the first time it is asked for (dropped if unsound)."""
        entry = self.data.get(key)
        if entry is not None and key not in self._checked:
            if not _sound(entry):
                del self.data[key]
                return None
            self._checked.add(key)
        return entry

    def saved(self) -> dict[str, dict]:
        """The store as data to save: files that still exist, each with its newest outgoing."""
        out = {}
        for path, entry in self.data.items():
            if not isinstance(entry, dict) or not isinstance(entry.get("outgoing", {}), dict):
                continue  # unsound and never asked for this run: not kept
            if os.path.exists(path):
                outgoing = entry.get("outgoing")
                if outgoing is not None and len(outgoing) > KEPT_OUTGOING:
                    entry["outgoing"] = dict(list(outgoing.items())[-KEPT_OUTGOING:])
                out[path] = entry
        return out


def _sound(entry) -> bool:
    """Whether `entry` is a summary as acclint.analysis.project writes it: its parts decoded
    and encoded again give the same data (so a wrong shape can neither crash nor mislead)."""
    from acclint.analysis.project import FileIndex, only_strings
    from acclint.analysis.reach import CallSite, Stale, kinds_from_data, kinds_to_data, passed_from_data, passed_to_data, seed_from_data, seed_to_data

    def sound_seed(seed) -> bool:
        return only_strings(seed[:1]) and only_strings(seed[1]) and only_strings(seed[2]) and seed_to_data(seed_from_data(seed)) == seed

    if not isinstance(entry, dict) or not isinstance(entry.get("content"), str):
        return False
    try:
        if "screened" in entry:
            error, guarded, names_marker, spells_marker = entry["screened"]
            flags = (guarded, names_marker, spells_marker)
            if not (error is None or isinstance(error, str)) or not all(isinstance(flag, bool) for flag in flags):
                return False
        if "index" in entry and not FileIndex.sound(entry["index"]):
            return False
        outgoing = entry.get("outgoing", {})
        return isinstance(outgoing, dict) and all(
            isinstance(kept, dict) and isinstance(kept.get("seeds"), list) and isinstance(kept.get("returned"), list)
            and all(isinstance(qualified, str) and sound_seed(seed) for qualified, seed in kept["seeds"])
            and all(isinstance(qualified, str) and only_strings(passed[:3]) and isinstance(passed[4], str) and passed_to_data(passed_from_data(passed)) == passed for qualified, passed in kept.get("passed", ()))
            and all(isinstance(qualified, str) and CallSite.sound(site) for qualified, site in kept.get("sites", ()))
            and all(isinstance(qualified, str) and Stale.sound(stale) for qualified, stale in kept.get("stale", ()))
            and all(sound_seed(seed) and kinds_to_data(kinds_from_data(kinds)) == kinds for seed, kinds in kept["returned"])
            and isinstance(kept.get("asked"), list)
            and all(isinstance(asked, list) and len(asked) == 2 and isinstance(asked[0], str) and isinstance(asked[1], bool)
                    for asked in kept["asked"])
            for kept in outgoing.values()
        )
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        return False
