"""Run every case of every loaded fixture module, in this process, each module imported once."""

from __future__ import annotations

import os
import sys
import tempfile
import zlib
from contextlib import contextmanager
from typing import Iterator

from acclint.crosscheck.evidence import CaseRun
from acclint.crosscheck.execute import ObservationFactory, run_case
from acclint.crosscheck.fixture_set import FixtureModule


def run_all(fixtures: list[FixtureModule]) -> list[CaseRun]:
    """One :class:`CaseRun` per recipe of every module that loaded.

    Cases run in a scratch working directory, so the files fixtures write land there.
    """
    usable = [f for f in fixtures if f.error is None and f.skipped is None]
    rng_holders = [m for name, m in sys.modules.items() if name.startswith("acclint.runtime")]
    observe = ObservationFactory({str(f.path) for f in usable}, [f.module for f in usable],
                                 rng_holders)
    runs = []
    with _scratch_directory():
        for fixture in usable:
            for case, call in fixture.calls.items():
                seed = zlib.crc32(f"{fixture.name}.{case}".encode())
                runs.append(run_case(fixture.module, case, call, observe, seed))
    return runs


@contextmanager
def _scratch_directory() -> Iterator[None]:
    previous = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="acclint-crosscheck-") as scratch:
        os.chdir(scratch)
        try:
            yield
        finally:
            os.chdir(previous)
