"""A cache that cannot lie (issue 25): whatever is put in place of the cache file, a run
reports exactly what a clean run does, never hangs or runs out of memory, rewrites the cache,
and a write that fails leaves nothing behind."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import acclint
from acclint.run import cache as cache_module
from acclint.run.stored import SCHEMA
from cli_run import acclint as run_acclint
from two_modules import write_project


@pytest.fixture
def project(tmp_path):
    return write_project(tmp_path)


def check(project: Path) -> str:
    run = run_acclint("check", "--output-format", "json", ".", cwd=project, timeout=60)
    assert run.returncode == 1, run.stderr
    return run.stdout


def cache_file(project: Path) -> Path:
    (found,) = (project / ".acclint_cache").rglob("*.json")
    return found


def stored(project: Path) -> dict:
    """The data of the cache file as the last run left it."""
    return json.loads(cache_file(project).read_text())["data"]


def forge(file: Path, data) -> None:
    """Write `data` as the cache would, with a correct checksum: only the checks of each
    entry's shape stand between it and the run."""
    body = json.dumps(data).encode()
    head = {"schema": SCHEMA, "format": cache_module.FORMAT, "version": acclint.__version__, "sha256": hashlib.sha256(body).hexdigest()}
    file.write_bytes(json.dumps(head)[:-1].encode() + b', "data": ' + body + b"}")


def wrong_shapes(data: dict, utils: str, elsewhere: str) -> list:
    """Valid JSON of the wrong shape, in the places a run reads (`elsewhere`: a file that
    exists but that the run never asks about)."""
    entry, summary = data["files"][utils], data["summaries"][utils]
    row = entry["findings"][0]
    no_project = {"files": {}, "project": {}}  # the project is worked out again: summaries are read
    return [
        [],
        {"files": []},
        {**data, "files": {utils: 1}},
        {**data, "files": {utils: {"key": entry["key"]}}},
        {**data, "files": {utils: {**entry, "findings": [row[:3]]}}},
        {**data, "files": {utils: {**entry, "findings": [[str(row[0]), *row[1:]]]}}},
        {**data, "files": {utils: {**entry, "findings": [[0, *row[1:]]]}}},
        {**data, "files": {utils: {**entry, "findings": [[*row[:7], ["fix", "yes", ""]]]}}},
        {**data, "project": {"fingerprint": data["project"]["fingerprint"], "seeds": []}},
        {**data, **no_project, "summaries": {utils: 1}},
        {**data, **no_project, "summaries": {utils: {**summary, "screened": [1]}}},
        {**data, **no_project, "summaries": {utils: {**summary, "index": [1, 2]}}},
        {**data, **no_project, "summaries": {utils: {**summary, "outgoing": {"k": [["q", [1]]]}}}},
        {**data, **no_project, "summaries": {**data["summaries"], elsewhere: 1}},
        {**data, **no_project, "summaries": {**data["summaries"], elsewhere: {"content": "x", "outgoing": 5}}},
    ]


def test_every_corrupt_shape_reports_what_a_clean_run_does(project):
    clean = check(project)
    file = cache_file(project)
    data = stored(project)
    utils = str((project / "utils.py").resolve())
    finding = data["files"][utils]["findings"][0]
    assert finding[0] == 2

    # A stored line number flipped by hand: the checksum no longer matches.
    file.write_text(file.read_text().replace(json.dumps(finding), json.dumps([3, *finding[1:]])))
    assert check(project) == clean
    assert stored(project)["files"][utils]["findings"][0][0] == 2  # and the cache was rewritten

    (project / "notes.txt").write_text("not linted")
    for shape in wrong_shapes(data, utils, str(project / "notes.txt")):
        for write in (lambda: forge(file, shape), lambda: file.write_text(json.dumps(shape))):
            write()
            assert check(project) == clean, shape
            assert check(project) == clean, shape  # from the cache rewritten by the run before
            assert stored(project)["files"][utils] == data["files"][utils]

    # Not a regular file, or far too big: never read, never waited on.
    sparse = project / "sparse"
    with open(sparse, "wb") as handle:
        handle.truncate(3 * 1024**3)
    os.mkfifo(project / "fifo")
    for target in (project / "fifo", Path("/dev/zero"), sparse):
        file.unlink()
        file.symlink_to(target)
        assert check(project) == clean, target
        assert file.is_file() and not file.is_symlink()  # replaced by a sound cache
    file.unlink()
    os.mkfifo(file)
    assert check(project) == clean
    assert check(project) == clean
    assert not list(file.parent.glob(".cache-*"))


def test_a_failed_write_leaves_nothing_behind(project):
    clean = check(project)
    file = cache_file(project)
    file.unlink()

    # Writing the cache fails (EFBIG), as on a full disk: files are limited to 200 bytes in the
    # child (set there, not by preexec_fn, which forks a process that may run JAX's threads).
    limited = (
        "import resource, runpy, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
        "resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200)); "
        "sys.argv = ['acclint', 'check', '--output-format', 'json', '.']; runpy.run_module('acclint', run_name='__main__')"
    )
    run = subprocess.run([sys.executable, "-c", limited], cwd=project, capture_output=True, text=True, timeout=120)
    assert (run.returncode, run.stdout) == (1, clean), run.stderr
    assert sorted(p.name for p in file.parent.iterdir()) == []  # no cache, no temporary file
    assert check(project) == clean and file.is_file()


def test_a_cache_too_large_to_read_back_is_not_written(project, monkeypatch):
    clean = check(project)
    file = cache_file(project)
    file.unlink()
    monkeypatch.setattr("acclint.run.stored.MAX_BYTES", 100)
    assert check(project) == clean
    assert not file.exists() and not list(file.parent.iterdir())


def test_every_summary_a_run_writes_is_read_back(project):
    """What a run writes is what the next run accepts: each summary in the cache file passes
    the store's own check (`_sound`). A part added to what a summary holds (a file index's
    decorated functions, stop 52) and not to the check drops every summary as unsound, and
    every cached run analyses the whole project again with the same findings: only this sees it."""
    from acclint.run.summaries import _sound

    check(project)
    summaries = stored(project)["summaries"]
    assert summaries and any("index" in s for s in summaries.values())
    assert [path for path, summary in summaries.items() if not _sound(summary)] == []
