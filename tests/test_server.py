"""The language server, driven for real: `python -m acclint.server` in a subprocess, over stdio,
by pytest-lsp's client announcing VS Code's capabilities. Each test is a session an editor would
have: initialize, open, edit, read the diagnostics, ask for code actions, apply their edits,
close, shut down."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest_lsp = pytest.importorskip("pytest_lsp", reason="the server tests need pytest-lsp (pip install -e '.[test]')")
from lsprotocol import types  # noqa: E402  (after the skip: pytest-lsp brings lsprotocol)
from pygls.workspace import TextDocument  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402

from acclint.run.config import load_settings  # noqa: E402
from acclint.run.fixing import fix_paths  # noqa: E402


TRAIN = textwrap.dedent(
    """\
    import jax
    import jax.numpy as jnp

    from utils import helper


    @jax.jit
    def step(x):
        if x > 0:
            y = x + 1
        else:
            y = x - 1
        return helper(y)
    """
)
UTILS = "def helper(x):\n    print(x)\n    return x * 2\n"  # x an array for sure: its print fix is safe
WAIT = 20.0  # seconds: a generous bound for a loaded machine; a passing test takes far less


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[tool.acclint]\nignore = []\n")
    (tmp_path / "train.py").write_text("import jax\n")  # the editor's buffer differs from the disk
    (tmp_path / "utils.py").write_text(UTILS)
    return tmp_path


# One server for the module (it starts in seconds, the sessions take far less); each test has a
# project of its own, with its own pyproject.toml.
session = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(
    scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "acclint.server"])
)
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    accept_registrations(lsp_client)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri=tmp_path_factory.getbasetemp().as_uri(), name="tests")],
        )
    )
    yield
    await lsp_client.shutdown_session()


def accept_registrations(client: LanguageClient) -> None:
    """Answer `client/registerCapability` and `workspace/applyEdit` (pytest-lsp's client does
    not) and keep what the server sent."""
    client.registrations = []
    client.applied_edits = []

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams) -> None:
        client.registrations.extend(params.registrations)

    @client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply_edit(params: types.ApplyWorkspaceEditParams) -> types.ApplyWorkspaceEditResult:
        client.applied_edits.append(params.edit)
        return types.ApplyWorkspaceEditResult(applied=True)


def open_document(client: LanguageClient, path: Path, text: str, version: int = 1) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="python", version=version, text=text))
    )
    return uri


def replace_text(client: LanguageClient, uri: str, version: int, text: str) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


async def diagnostics(client: LanguageClient, uri: str, codes: list[str]) -> list[types.Diagnostic]:
    """The diagnostics of `uri` once their codes are `codes` (fails after `WAIT` seconds)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while loop.time() < deadline:
        found = client.diagnostics.get(uri)
        if found is not None and sorted(d.code for d in found) == sorted(codes):
            return list(found)
        await asyncio.sleep(0.02)
    raise AssertionError(f"diagnostics of {uri}: wanted {codes}, last published {client.diagnostics.get(uri)}")


def applied(text: str, edit: types.WorkspaceEdit, uri: str) -> str:
    """`text` after the client applies `edit` (pygls's own document applies each change)."""
    if edit.document_changes is not None:
        changes = [e for change in edit.document_changes if change.text_document.uri == uri for e in change.edits]
    else:
        changes = list(edit.changes.get(uri, []))
    document = TextDocument(uri, text)
    for change in sorted(changes, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        document.apply_change(types.TextDocumentContentChangePartial(range=change.range, text=change.new_text))
    return document.source


async def code_actions(client: LanguageClient, uri: str, line: int, only: list[str] | None = None) -> list[types.CodeAction]:
    context = types.CodeActionContext(diagnostics=list(client.diagnostics.get(uri, [])), only=only)
    where = types.Range(types.Position(line, 0), types.Position(line, 0))
    found = await client.text_document_code_action_async(
        types.CodeActionParams(types.TextDocumentIdentifier(uri), where, context)
    )
    return list(found or [])


@session
async def test_diagnostics_follow_the_unsaved_buffer_and_noqa(client: LanguageClient, project: Path):
    uri = open_document(client, project / "train.py", TRAIN)
    [found] = await diagnostics(client, uri, ["ACC201"])
    assert found.range == types.Range(types.Position(8, 4), types.Position(11, 17))
    assert found.severity == types.DiagnosticSeverity.Warning
    assert found.source == "acclint"
    assert "'if' on traced value 'x'" in found.message
    assert found.code_description.href.endswith("/docs/rules/ACC201.md")
    assert any(r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES for r in client.registrations)

    # An edit in the buffer (never saved) is what is linted; # noqa is honoured.
    replace_text(client, uri, 2, TRAIN.replace("if x > 0:", "if x > 0:  # noqa: ACC201"))
    await diagnostics(client, uri, [])
    replace_text(client, uri, 3, TRAIN)
    await diagnostics(client, uri, ["ACC201"])

    # Incremental changes, as editors send them while typing: 'x > 0' becomes 'x.shape[0] > 0'.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=4),
            [types.TextDocumentContentChangePartial(
                range=types.Range(types.Position(8, 8), types.Position(8, 9)), text="x.shape[0]",
            )],
        )
    )
    await diagnostics(client, uri, [])

    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
    await diagnostics(client, uri, [])


@session
async def test_a_change_in_one_module_updates_the_diagnostics_of_another(client: LanguageClient, project: Path):
    utils = open_document(client, project / "utils.py", UTILS)
    train = open_document(client, project / "train.py", TRAIN)
    [printed] = await diagnostics(client, utils, ["ACC401"])
    assert "reached from train.step (jax.jit)" in printed.message
    # train.py (unsaved) no longer calls the helper: utils.py's finding goes.
    replace_text(client, train, 2, TRAIN.replace("return helper(y)", "return y"))
    await diagnostics(client, utils, [])
    replace_text(client, train, 3, TRAIN)
    await diagnostics(client, utils, ["ACC401"])


@session
async def test_quick_fix_is_the_edit_fix_makes(client: LanguageClient, project: Path):
    path = project / "train.py"
    uri = open_document(client, path, TRAIN)
    await diagnostics(client, uri, ["ACC201"])
    actions = await code_actions(client, uri, 8)
    titles = [a.title for a in actions]
    fix = next(a for a in actions if a.kind == types.CodeActionKind.QuickFix and "Disable" not in a.title)
    assert fix.title.startswith("acclint (ACC201): ") and fix.is_preferred
    assert fix.diagnostics[0].code == "ACC201"
    assert "acclint (ACC201): Disable for this line" in titles

    fixed = applied(TRAIN, fix.edit, uri)
    path.write_text(TRAIN)  # what `acclint check --fix` makes of the same text
    [outcome] = fix_paths([str(path)], load_settings(project / "pyproject.toml"), write=False).outcomes
    assert fixed == outcome.fixed.decode()
    assert "y = jnp.where(x > 0, x + 1, x - 1)" in fixed

    replace_text(client, uri, 2, fixed)
    await diagnostics(client, uri, [])


@session
async def test_noqa_action_and_fix_all(client: LanguageClient, project: Path):
    utils = open_document(client, project / "utils.py", UTILS)
    uri = open_document(client, project / "train.py", TRAIN)
    await diagnostics(client, uri, ["ACC201"])

    noqa = next(a for a in await code_actions(client, uri, 8) if a.title.endswith("Disable for this line"))
    silenced = applied(TRAIN, noqa.edit, uri)
    assert "    if x > 0:  # noqa: ACC201\n" in silenced
    replace_text(client, uri, 2, silenced)
    await diagnostics(client, uri, [])

    # Fix all, as a format-on-save integration asks for it: the edit comes with the action.
    [printed] = await diagnostics(client, utils, ["ACC401"])
    [fix_all] = await code_actions(client, utils, printed.range.start.line, only=["source.fixAll"])
    assert fix_all.kind == "source.fixAll.acclint" and fix_all.edit is not None
    fixed = applied(UTILS, fix_all.edit, utils)
    assert 'jax.debug.print("{!s}", x)' in fixed and "import jax" in fixed
    replace_text(client, utils, 2, fixed)
    await diagnostics(client, utils, [])

    # Offered among the other actions, its edit is computed when the client resolves it.
    replace_text(client, utils, 3, UTILS)
    await diagnostics(client, utils, ["ACC401"])
    listed = next(a for a in await code_actions(client, utils, 1) if a.kind == "source.fixAll.acclint")
    assert listed.edit is None
    resolved = await client.code_action_resolve_async(listed)
    assert applied(UTILS, resolved.edit, utils) == fixed


@session
async def test_broken_documents_give_a_diagnostic_and_the_server_goes_on(client: LanguageClient, project: Path):
    syntax = open_document(client, project / "broken.py", "import jax\n\n@jax.jit\ndef f(x:\n    return x\n")
    [error] = await diagnostics(client, syntax, ["ACC000"])
    assert error.severity == types.DiagnosticSeverity.Error
    assert "could not analyse this file: cannot parse" in error.message
    assert error.range.start.line == 3  # where the parser stopped (line 4)

    nul = open_document(client, project / "nul.py", "import jax\n@jax.jit\ndef f(x):\n    return x\x00\n")
    [error] = await diagnostics(client, nul, ["ACC000"])
    assert "null bytes" in error.message

    surrogate = open_document(client, project / "surrogate.py", "import jax\n@jax.jit\ndef f(x):\n    return '\ud800'\n")
    [error] = await diagnostics(client, surrogate, ["ACC000"])
    assert "not valid utf-8" in error.message

    # A change whose range lies past the end of the document.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=syntax, version=2),
            [types.TextDocumentContentChangePartial(range=types.Range(types.Position(99, 0), types.Position(120, 3)), text="]")],
        )
    )
    # A buffer never saved, with no file behind its URI.
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri="untitled:Untitled-1", language_id="python", version=1, text=TRAIN)
    ))
    await diagnostics(client, "untitled:Untitled-1", ["ACC201"])
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier("untitled:Untitled-1")))
    # The server still lints, and code actions on a broken document answer (with nothing to fix).
    uri = open_document(client, project / "train.py", TRAIN)
    await diagnostics(client, uri, ["ACC201"])
    assert [a for a in await code_actions(client, syntax, 3) if a.kind == types.CodeActionKind.QuickFix] == []


@session
async def test_settings_follow_pyproject_changes(client: LanguageClient, project: Path):
    uri = open_document(client, project / "train.py", TRAIN)
    await diagnostics(client, uri, ["ACC201"])
    config = project / "pyproject.toml"

    def changed() -> None:
        event = types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Changed)
        client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams([event]))

    config.write_text('[tool.acclint]\nignore = ["ACC2"]\n')
    changed()
    await diagnostics(client, uri, [])
    config.write_text("[tool.acclint]\nselect = [\"ACC9\"]\n")
    changed()
    [error] = await diagnostics(client, uri, ["ACC000"])
    assert "invalid configuration" in error.message and "ACC9" in error.message
    config.write_text("[tool.acclint]\n")
    changed()
    await diagnostics(client, uri, ["ACC201"])


def test_server_command_without_pygls_says_what_to_install():
    blocked = "import sys; sys.modules['pygls'] = None; from acclint.cli import main; sys.exit(main(['server']))"
    done = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "pip install 'acclint[server]'" in done.stderr


def test_check_never_imports_the_server(tmp_path: Path):
    (tmp_path / "a.py").write_text("x = 1\n")
    probe = (
        "import sys; from acclint.cli import main; code = main(['check', sys.argv[1]]);"
        "sys.exit(10 + code if 'pygls' in sys.modules or 'acclint.server' in sys.modules else code)"
    )
    done = subprocess.run([sys.executable, "-c", probe, str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest_lsp.fixture(
    params=["neovim", "emacs"], config=ClientServerConfig(server_command=[sys.executable, "-m", "acclint.server"])
)
async def other_client(lsp_client: LanguageClient, request: pytest.FixtureRequest):
    lsp_client.editor = request.param
    accept_registrations(lsp_client)
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities(request.param))
    )
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_other_clients_positions_and_plain_edits(other_client: LanguageClient, project: Path):
    """Clients other than VS Code: Neovim 0.11 offers UTF-8 columns and takes plain `changes`
    edits; Emacs 29 cannot resolve code actions, so fix-all comes with its edit."""
    encoding = other_client.initialize_result.capabilities.position_encoding or "utf-16"
    text = TRAIN.replace("def step(x):\n", 'def step(x):\n    print("ππ", x)\n')
    uri = open_document(other_client, project / "train.py", text)
    found = await diagnostics(other_client, uri, ["ACC201", "ACC401"])
    printed = next(d for d in found if d.code == "ACC401")
    line = '    print("ππ", x)'
    units = {"utf-8": len(line.encode()), "utf-16": len(line.encode("utf-16-le")) // 2, "utf-32": len(line)}
    assert printed.range == types.Range(types.Position(8, 4), types.Position(8, units[encoding]))

    code = await code_actions(other_client, uri, 9)
    fix = next(a for a in code if a.kind == types.CodeActionKind.QuickFix and a.is_preferred)
    assert (fix.edit.document_changes is None) == (other_client.editor == "neovim")  # neovim: no documentChanges
    assert "y = jnp.where(x > 0, x + 1, x - 1)" in applied(text, fix.edit, uri)
    listed = [a for a in code if a.kind == "source.fixAll.acclint"]
    assert len(listed) == 1 and (listed[0].edit is not None) == (other_client.editor == "emacs")

    # A file under no pyproject.toml and no workspace folder: linted with its package.
    loose = project.parent / f"{project.name}-loose"
    (loose / "pkg").mkdir(parents=True)
    (loose / "pkg" / "__init__.py").write_text("")
    (loose / "pkg" / "helpers.py").write_text(UTILS)
    step = "import jax\n\nfrom pkg.helpers import helper\n\n\n@jax.jit\ndef step(x):\n    return helper(x)\n"
    (loose / "pkg" / "model.py").write_text(step)
    helpers = open_document(other_client, loose / "pkg" / "helpers.py", UTILS)
    [printed] = await diagnostics(other_client, helpers, ["ACC401"])
    assert "reached from pkg.model.step (jax.jit)" in printed.message


def notebook_cell(notebook: Path, n: int, text: str, language: str = "python") -> types.TextDocumentItem:
    return types.TextDocumentItem(uri=f"vscode-notebook-cell:{notebook}#cell{n}", language_id=language, version=1, text=text)


@session
async def test_notebook_cells_are_one_module(client: LanguageClient, project: Path):
    notebook = project / "explore.ipynb"
    cells = [
        notebook_cell(notebook, 0, "import jax\n\nfrom utils import helper"),
        notebook_cell(notebook, 1, "# Notes\nA markdown cell is not linted.", "markdown"),
        notebook_cell(notebook, 2, "@jax.jit\ndef step(x):\n    if x > 0:\n        x = -x\n    return show(x)"),
        notebook_cell(notebook, 3, "def show(y):\n    print(y)\n    return y"),
    ]
    kinds = [types.NotebookCellKind.Code, types.NotebookCellKind.Markup, types.NotebookCellKind.Code, types.NotebookCellKind.Code]
    client.notebook_document_did_open(types.DidOpenNotebookDocumentParams(
        types.NotebookDocument(
            uri=notebook.as_uri(), notebook_type="jupyter-notebook", version=1,
            cells=[types.NotebookCell(kind=k, document=c.uri) for k, c in zip(kinds, cells)],
        ),
        cells,
    ))
    [branch] = await diagnostics(client, cells[2].uri, ["ACC201"])
    assert branch.range.start == types.Position(2, 4)
    [printed] = await diagnostics(client, cells[3].uri, ["ACC401"])
    assert printed.range == types.Range(types.Position(1, 4), types.Position(1, 12))
    assert cells[1].uri not in client.diagnostics  # the markdown cell

    # The quick fix edits the cell the finding is in.
    fix = next(a for a in await code_actions(client, cells[2].uri, 2) if a.is_preferred)
    assert [c.text_document.uri for c in fix.edit.document_changes] == [cells[2].uri]
    assert applied(cells[2].text, fix.edit, cells[2].uri).splitlines()[2] == "    x = jax.numpy.where(x > 0, -x, x)"

    # An edit in a cell, as the editor sends it: the helper no longer prints.
    client.notebook_document_did_change(types.DidChangeNotebookDocumentParams(
        types.VersionedNotebookDocumentIdentifier(version=2, uri=notebook.as_uri()),
        types.NotebookDocumentChangeEvent(cells=types.NotebookDocumentCellChanges(text_content=[
            types.NotebookDocumentCellContentChanges(
                document=types.VersionedTextDocumentIdentifier(uri=cells[3].uri, version=2),
                changes=[types.TextDocumentContentChangePartial(
                    range=types.Range(types.Position(1, 0), types.Position(2, 0)), text="",
                )],
            )
        ])),
    ))
    await diagnostics(client, cells[3].uri, [])
    await diagnostics(client, cells[2].uri, ["ACC201"])

    client.notebook_document_did_close(types.DidCloseNotebookDocumentParams(
        types.NotebookDocumentIdentifier(notebook.as_uri()), [types.TextDocumentIdentifier(c.uri) for c in cells],
    ))
    await diagnostics(client, cells[2].uri, [])


@session
async def test_notebook_hidden_input_names_the_cell_of_the_change(client: LanguageClient, project: Path):
    notebook = project / "tune.ipynb"
    cells = [
        notebook_cell(notebook, 0, "import jax\nscale = 1.0"),
        notebook_cell(notebook, 1, "@jax.jit\ndef f(x):\n    return x * scale\nf(1.0)"),
        notebook_cell(notebook, 2, "scale = 2.0\nf(1.0)"),
    ]
    client.notebook_document_did_open(types.DidOpenNotebookDocumentParams(
        types.NotebookDocument(
            uri=notebook.as_uri(), notebook_type="jupyter-notebook", version=1,
            cells=[types.NotebookCell(kind=types.NotebookCellKind.Code, document=c.uri) for c in cells],
        ),
        cells,
    ))
    [stale] = await diagnostics(client, cells[1].uri, ["ACC601"])
    assert stale.range.start == types.Position(2, 15)
    assert "rebound at cell 3, line 1" in stale.message, stale.message


def test_acclint_server_command_speaks_lsp_on_stdio():
    """`acclint server` (the CLI's subcommand) answers an editor's first requests."""
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    framed = "".join(f"Content-Length: {len(body)}\r\n\r\n{body}" for body in map(json.dumps, messages))
    done = subprocess.run([sys.executable, "-m", "acclint", "server"], input=framed.encode(), capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode()
    header, _, body = done.stdout.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in header.split(b"\r\n") if line.lower().startswith(b"content-length"))
    first = json.loads(body[:length])
    capabilities = first["result"]["capabilities"]
    assert first["result"]["serverInfo"]["name"] == "acclint"
    assert "source.fixAll.acclint" in capabilities["codeActionProvider"]["codeActionKinds"]
    assert capabilities["textDocumentSync"]["change"] == types.TextDocumentSyncKind.Incremental


@session
async def test_an_unsafe_fix_is_offered_labelled_and_never_preferred(client: LanguageClient, project: Path):
    # neither rewrite is proven: the select's log, and lax.cond's literal against an array (weak types)
    text = TRAIN.replace("y = x + 1", "y = jnp.log(x)").replace("y = x - 1", "y = 0.5")
    uri = open_document(client, project / "train.py", text)
    await diagnostics(client, uri, ["ACC201"])
    actions = await code_actions(client, uri, 8)
    [fix] = [a for a in actions if a.kind == types.CodeActionKind.QuickFix and "Disable" not in a.title]
    assert "(unsafe: 'jnp.log(x)' and '0.5' may differ in dtype" in fix.title and not fix.is_preferred
    assert "the derivative of 'jnp.log(x)' can be inf/nan" in fix.title
    assert "jnp.where(x > 0, jnp.log(x), 0.5)" in applied(text, fix.edit, uri)
    assert not [a for a in actions if a.kind == "source.fixAll.acclint"]  # fix all applies safe fixes only


@session
async def test_the_apply_autofix_command_sends_the_fix_all_edit(client: LanguageClient, project: Path):
    """`acclint.applyAutofix` (ruff's `ruff.applyAutofix`), for editors that bind a command."""
    uri = open_document(client, project / "utils.py", UTILS)
    open_document(client, project / "train.py", TRAIN)
    await diagnostics(client, uri, ["ACC401"])
    await client.workspace_execute_command_async(types.ExecuteCommandParams(command="acclint.applyAutofix", arguments=[uri]))
    [edit] = client.applied_edits
    assert 'jax.debug.print("{!s}", x)' in applied(UTILS, edit, uri)
