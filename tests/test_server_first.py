"""Fast first answers: a file just opened is linted at once with what the server knows (no
project analysis yet: no seeds), and linted again when the project analysis finishes; the
project analysis steps aside for lints; opening a file as it is on disk does not make the
analysis stale."""

from __future__ import annotations

import asyncio
import os
import sys
import textwrap
import threading
from pathlib import Path

import pytest

pytest_lsp = pytest.importorskip("pytest_lsp", reason="the server tests need pytest-lsp (pip install -e '.[test]')")
from lsprotocol import types  # noqa: E402  (after the skip: pytest-lsp brings lsprotocol)
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402

from acclint.api import run  # noqa: E402
from acclint.run.config import load_settings  # noqa: E402
from acclint.server.projects import Workspace  # noqa: E402

TRAIN = textwrap.dedent(
    """\
    import jax

    from utils import helper


    @jax.jit
    def step(x):
        if x > 0:
            x = x + 1
        return helper(x)
    """
)
UTILS = "def helper(x):\n    print(x)\n    return x\n\n\ndef unused(x):\n    print(x)\n    return x\n"
# Modules that give the analysis files to read: each jits a function that calls a helper of
# the next one, as a real package's modules do.
FILLERS = 40
WAIT = 30.0  # seconds: a generous bound for a loaded machine


def filler(k: int) -> str:
    return textwrap.dedent(
        f"""\
        import jax

        from mod_{(k + 1) % FILLERS:02d} import scale


        def scale(x):
            return x * {k + 2}


        @jax.jit
        def step(x):
            return scale(x) + 1
        """
    )


def make_project(root: Path) -> None:
    (root / "pyproject.toml").write_text("[tool.acclint]\n")
    (root / "train.py").write_text(TRAIN)
    (root / "utils.py").write_text(UTILS)
    for k in range(FILLERS):
        (root / f"mod_{k:02d}.py").write_text(filler(k))


def checked(root: Path, name: str) -> list[tuple[int, str]]:
    """`acclint check`'s findings in `name`, as (line, code)."""
    here = os.getcwd()
    os.chdir(root)
    try:
        report = run(["."], load_settings(root / "pyproject.toml"))
    finally:
        os.chdir(here)
    assert not report.errors
    return sorted((f.line, f.code) for f in report.findings if f.path == name)


class History(dict):
    """pytest-lsp's `client.diagnostics`, keeping every publish of each URI in order."""

    def __init__(self) -> None:
        super().__init__()
        self.published: dict[str, list[list[tuple[int, str]]]] = {}

    def __setitem__(self, uri, diagnostics) -> None:
        super().__setitem__(uri, diagnostics)
        self.published.setdefault(uri, []).append(sorted((d.range.start.line + 1, d.code) for d in diagnostics))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "acclint.server"]))
async def fresh(lsp_client: LanguageClient, tmp_path: Path):
    """A server of its own (no project analysed yet), for a project under `tmp_path`."""
    make_project(tmp_path)
    lsp_client.diagnostics = History()

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams) -> None:  # the server asks to watch files
        pass

    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="first")],
        )
    )
    yield
    await lsp_client.shutdown_session()


def open_file(client: LanguageClient, path: Path) -> str:
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="python", version=1, text=path.read_text())
    ))
    return uri


async def published(client: LanguageClient, uri: str, wanted: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """Every publish of `uri`, once the last one is `wanted` (fails after WAIT seconds)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while loop.time() < deadline:
        found = client.diagnostics.published.get(uri)
        if found and found[-1] == wanted:
            return found
        await asyncio.sleep(0.02)
    raise AssertionError(f"{uri}: wanted {wanted}, published {client.diagnostics.published.get(uri)}")


@pytest.mark.asyncio
async def test_an_opened_file_is_answered_at_once_then_refined_to_what_check_finds(fresh: LanguageClient, tmp_path: Path):
    final_utils = checked(tmp_path, "utils.py")
    final_train = checked(tmp_path, "train.py")
    assert final_utils == [(2, "ACC401")]  # only train.step's reach makes helper traced
    assert final_train == [(8, "ACC201")]

    utils = open_file(fresh, tmp_path / "utils.py")
    history = await published(fresh, utils, final_utils)
    # The first answer came from the buffer alone, before any project analysis: no seeds, so
    # the helper that train.step jits had no finding yet. The refined answer is check's.
    assert history[0] == []
    assert history[-1] == final_utils

    # A file opened while the analysis runs, or after it, ends as check has it too.
    train = open_file(fresh, tmp_path / "train.py")
    assert (await published(fresh, train, final_train))[-1] == final_train
    await asyncio.sleep(0.5)  # anything more the server would publish comes now
    assert fresh.diagnostics.published[utils][-1] == final_utils
    assert fresh.diagnostics.published[train][-1] == final_train


def analysed_workspace(root: Path) -> tuple[Workspace, str]:
    """A workspace with train.py open and the project analysed."""
    make_project(root)
    workspace = Workspace([str(root)])
    train = str(root / "train.py")
    workspace.edit(train, TRAIN.encode())
    workspace.lint(train)
    scope = workspace.scope(train)
    workspace.reanalyse(scope, train)
    assert scope.analysed == scope.generation
    return workspace, train


def test_opening_a_file_as_it_is_on_disk_leaves_the_analysis_current(tmp_path: Path):
    workspace, train = analysed_workspace(tmp_path)
    scope = workspace.scope(train)
    utils = str(tmp_path / "utils.py")

    workspace.edit(utils, UTILS.encode())
    assert [(f.line, f.code) for f in workspace.lint(utils).findings] == [(2, "ACC401")]  # the seeds are known
    assert scope.analysed == scope.generation  # the analysis read these very bytes

    # Its shape is now what edits are compared with: an edit inside a function changes
    # nothing other files see, a new function does.
    workspace.edit(utils, UTILS.replace("print(x)\n    return x\n\n\ndef unused", "print(x, x)\n    return x\n\n\ndef unused").encode())
    workspace.lint(utils)
    assert scope.analysed == scope.generation
    workspace.edit(utils, (UTILS + "\n\ndef more(x):\n    return x\n").encode())
    workspace.lint(utils)
    assert scope.analysed != scope.generation


def test_opening_a_file_unlike_the_disk_makes_the_analysis_stale(tmp_path: Path):
    workspace, train = analysed_workspace(tmp_path)
    scope = workspace.scope(train)
    mod = str(tmp_path / "mod_03.py")
    workspace.edit(mod, filler(3).replace("return scale(x) + 1", "return x + 1").encode())  # unsaved
    workspace.lint(mod)
    assert scope.analysed != scope.generation


def test_the_project_analysis_waits_while_a_lint_is_queued_or_running(tmp_path: Path):
    workspace, train = analysed_workspace(tmp_path)
    scope = workspace.scope(train)
    workspace.edit(train, TRAIN.replace("return helper(x)", "return x").encode())
    workspace.lint(train)
    assert scope.analysed != scope.generation
    done: list = []
    analysis = threading.Thread(target=lambda: done.append(workspace.reanalyse(scope, train)))
    with workspace.lints:  # a lint is queued
        analysis.start()
        analysis.join(0.5)
        assert analysis.is_alive() and not done  # it waits before reading its first file
    analysis.join(WAIT)
    # Finished once the lint was done; train.py's seeds changed: it no longer gets back what
    # `helper` returns to it (a pytree of tracers, `return x`).
    assert done == [[train]]
    assert scope.analysed == scope.generation
    utils = str(tmp_path / "utils.py")
    assert workspace.lint(utils, UTILS.encode()).findings == []  # train.step no longer reaches helper
