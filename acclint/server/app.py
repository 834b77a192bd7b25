"""The language server: acclint's findings as diagnostics while the code is typed, its fixes as
code actions. Built on pygls; run by `acclint server` or `python -m acclint.server` over stdio.

How work is scheduled, and why:

- A change is linted at once, from the editor's buffer, on the *lint thread*, with the seeds
  of the last project analysis: the answer never waits for the whole project. There is no
  pause for typing to stop (a debounce would be added to every answer); the changes that
  come while a lint runs wait behind it, and all but the newest are skipped, so while
  keystrokes come faster than lints the thread lints the newest version each time it is free.
  Diagnostics are published only if the document has not changed since.
- When the change alters what other files see (acclint.server.projects.Shape), the
  project-wide reach is worked out again on the *analysis thread*, with every open buffer in
  place of its file; the open files whose seeds changed are linted again. A newer such change
  makes a running analysis stop early and start over. The analysis steps aside while the lint
  thread has work (acclint.server.priority): the answers come first.
- Opening a file is a change like any other: its buffer is linted at once with the seeds of
  the last project analysis (none before the first), and published; then the project is
  analysed, if it was not yet, and the file is linted again if its seeds changed (a helper
  that another module jits gets its findings then). A file opened as it is on disk does not
  make the analysis stale, so opening files one after another does not start it over.
- A notebook is linted as one module of its Python code cells (acclint.server.documents);
  its diagnostics and edits go to the cells.
- Code actions (quick fixes, `# noqa`, fix all) run on the lint thread too, so they see the
  same state as the diagnostics. "Fix all" is computed only when the client asks for it
  (`codeAction/resolve`) unless the client cannot resolve actions, or asks for that kind alone
  (a fix-all on save).
- Anything that raises while a document is linted becomes an error diagnostic on that
  document and a log message; the server goes on.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any, Callable, TypeVar

import attrs
from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from acclint import __version__
from acclint.common.findings import FileError, FileResult, Finding
from acclint.common.refused import Refused
from acclint.server import edits, protocol
from acclint.server.documents import Document, Part
from acclint.server.projects import Scope, Workspace

DEBOUNCE = 0.05  # seconds of quiet after a change before the project is analysed again
PYTHON = "python"
CONFIG = "pyproject.toml"
APPLY_AUTOFIX = "acclint.applyAutofix"

log = logging.getLogger("acclint.server")
T = TypeVar("T")


class AcclintServer(LanguageServer):
    """pygls's server plus acclint's state: the workspace, the two worker threads, the pending
    lints and the running project analyses."""

    def __init__(self) -> None:
        super().__init__(
            "acclint", __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            notebook_document_sync=types.NotebookDocumentSyncOptions(notebook_selector=[
                types.NotebookDocumentFilterWithCells(cells=[types.NotebookCellLanguage(language=PYTHON)], notebook="jupyter-notebook"),
            ]),
        )
        self.state = Workspace()
        self.lint_thread = ThreadPoolExecutor(1, thread_name_prefix="acclint-lint")
        self.analysis_thread = ThreadPoolExecutor(1, thread_name_prefix="acclint-analysis")
        self.pending: dict[str, asyncio.Task] = {}  # lints not yet started, by URI
        self.analysing: dict[int, asyncio.Task] = {}  # project analyses, by scope
        self.uris: dict[str, str] = {}  # open documents and notebooks: path -> URI
        self.published: dict[str, set[str]] = {}  # URIs given diagnostics, by document URI
        self.changes: dict[str, int] = {}  # lints scheduled, by URI: a queued lint left stale is skipped
        # The diagnostics of each open document's last text that could be analysed, by path:
        # shown (marked stale) beside the error while the text cannot be, as ruff keeps them.
        self.last_good: dict[str, dict[str, list[types.Diagnostic]]] = {}

    # -- documents ----------------------------------------------------------------------------
    def path_of(self, uri: str) -> str:
        return os.path.abspath(to_fs_path(uri) or uri)

    def document(self, uri: str) -> Document | None:
        """The open text document, or the notebook, that `uri` (a document, notebook or cell
        URI) belongs to, as acclint lints it."""
        notebook = self.workspace.get_notebook_document(notebook_uri=uri) or self.workspace.get_notebook_document(cell_uri=uri)
        if notebook is not None:
            path = self.path_of(notebook.uri)
            if self.uris.get(path) != notebook.uri:
                return None
            cells = [self.workspace.get_text_document(c.document) for c in notebook.cells if c.kind == types.NotebookCellKind.Code]
            parts = [Part(c.uri, c.source, c.version) for c in cells if c.language_id in (PYTHON, None)]
            return Document.of_cells(path, parts)
        path = self.path_of(uri)
        if self.uris.get(path) != uri:
            return None
        text = self.workspace.get_text_document(uri)
        return Document(path, [Part(uri, text.source, text.version)])

    def opened(self, uri: str, language: str | None) -> None:
        """A text document (or notebook) opened or changed: keep its text, lint it soon."""
        path = self.path_of(uri)
        if language not in (PYTHON, None) and not path.endswith((".py", ".pyi")):
            return
        self.uris[path] = uri
        self.state.edit(path, self.document(uri).source)
        self.schedule(uri)

    def changed(self, uri: str) -> None:
        if self.uris.get(self.path_of(uri)) == uri:
            self.opened(uri, None)

    def closed(self, uri: str) -> None:
        path = self.path_of(uri)
        if self.uris.pop(path, None) is None:
            return
        task = self.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        scope = self.state.edit(path, None)
        self.last_good.pop(path, None)
        for shown in self.published.pop(uri, {uri}):
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=shown, diagnostics=[]))
        self.want_analysis(scope, path)

    def settings_changed(self) -> None:
        """A `pyproject.toml` changed: settings are read again and every open file linted."""
        for scope in self.state.reload_settings():
            scope.generation += 1  # stops its running analysis
        for uri in list(self.uris.values()):
            self.schedule(uri)

    def files_changed(self, paths: list[str]) -> None:
        """Python files changed on disk (not through the editor): their projects are analysed
        again, which lints the open files whose seeds that changes."""
        for path in paths:
            if path in self.uris:
                continue
            self.state.changed_on_disk(path)
            self.want_analysis(self.state.scope(path), path)

    # -- linting ------------------------------------------------------------------------------
    def schedule(self, uri: str) -> None:
        """Lint `uri` as soon as the event loop turns (changes read in one turn are linted
        once)."""
        self.changes[uri] = self.changes.get(uri, 0) + 1
        task = self.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        self.pending[uri] = asyncio.get_running_loop().create_task(self.lint_soon(uri))

    async def lint_soon(self, uri: str) -> None:
        self.pending.pop(uri, None)
        await self.lint_now(uri)

    async def lint_now(self, uri: str) -> None:
        """Lint the document's (or notebook's) current text and publish the diagnostics,
        unless it changed meanwhile (a newer lint is then on its way)."""
        document = self.document(uri)
        if document is None:
            return
        change = self.changes.get(uri)

        def current() -> bool:
            return self.changes.get(uri) == change

        # A lint that waited in the queue behind another while a newer change came is skipped.
        diagnostics = await self.on_lint_thread(lambda: self.diagnose(document) if current() else None)
        now = self.document(uri)
        if diagnostics is not None and now is not None and now.parts == document.parts:
            for part in document.parts:
                self.text_document_publish_diagnostics(
                    types.PublishDiagnosticsParams(uri=part.uri, diagnostics=diagnostics[part.uri], version=part.version)
                )
            for gone in self.published.get(uri, set()) - set(diagnostics):  # cells deleted since
                self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=gone, diagnostics=[]))
            self.published[uri] = set(diagnostics)
            await self.on_lint_thread(lambda: self.prepare_edits(document.path) if current() else None)
        self.want_analysis(self.state.scope(document.path), document.path)

    def prepare_edits(self, path: str) -> None:
        """What the next edit of `path` needs of its whole module (projects.Workspace.
        prepare_edits), then, for a module parsed whole, the heap settled (`settle_heap`): the
        objects made so far would otherwise be scanned by the first collection that edit's lint
        sets off (1.5-2 s of a 50,000-line file)."""
        if self.state.prepare_edits(path):
            settle_heap()

    async def on_lint_thread(self, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` on the lint thread; the project analysis waits meanwhile."""
        with self.state.lints:
            return await asyncio.get_running_loop().run_in_executor(self.lint_thread, work, *args)

    def diagnose(self, document: Document) -> dict[str, list[types.Diagnostic]]:
        """The diagnostics of each part of `document`, by URI."""
        codec = self.workspace.position_codec
        result = self.guarded(document.path, document.source)
        lines = [edits.lines_of(part.text) for part in document.parts]
        out: dict[str, list[types.Diagnostic]] = {part.uri: [] for part in document.parts}
        for finding in result.findings:
            index, placed = document.place(finding)
            out[document.parts[index].uri].append(protocol.diagnostic(placed, lines[index], codec))
        for line, note in result.notes:
            index, line = document.place_line(line)
            out[document.parts[index].uri].append(protocol.note_diagnostic(line, note, lines[index], codec))
        if result.error is None:
            self.last_good[document.path] = {uri: list(found) for uri, found in out.items()}
        elif document.parts:
            line, column = protocol.error_position(result.error.message) or (1, 1)
            index, line = document.place_line(line)
            error = replace(result.error, message=document.message(result.error))
            out[document.parts[index].uri].append(protocol.error_diagnostic(error, lines[index], codec, (line, column)))
            self.add_stale(document, lines, out)
        return out

    def add_stale(self, document: Document, lines: list[list[str]], out: dict[str, list[types.Diagnostic]]) -> None:
        """The last good diagnostics of `document`, marked stale, beside its error: those on
        lines the text still has (the editor places them as they were; the next text that
        can be analysed replaces them)."""
        for index, part in enumerate(document.parts):
            for found in self.last_good.get(document.path, {}).get(part.uri, []):
                if found.range.end.line < len(lines[index]):
                    out[part.uri].append(attrs.evolve(found, message=f"{found.message} {protocol.STALE}"))

    def guarded(self, path: str, source: bytes) -> FileResult:
        """The lint of `source`, or, if acclint itself fails on it, that failure as the file's
        error (with the traceback in the log): no input stops the server."""
        try:
            return self.state.lint(path, source)
        except Exception as exc:  # a bug in acclint: report it on the document, keep serving
            self.report_bug(f"linting {path}", exc)
            shown = self.state.scope(path).shown(path)
            return FileResult(shown, error=FileError(shown, f"internal error ({type(exc).__name__}: {exc}); please report it"))

    def report_bug(self, doing: str, exc: Exception) -> None:
        trace = "".join(traceback.format_exception(exc))
        log.error("acclint failed %s:\n%s", doing, trace)
        self.window_log_message(types.LogMessageParams(types.MessageType.Error, f"acclint failed {doing}:\n{trace}"))

    def want_analysis(self, scope: Scope, path: str) -> None:
        """Start analysing the scope's project unless it is current or being analysed."""
        if scope.analysed == scope.generation:
            return
        task = self.analysing.get(id(scope))
        if task is None or task.done():
            self.analysing[id(scope)] = asyncio.get_running_loop().create_task(self.analyse(scope, path))

    async def analyse(self, scope: Scope, path: str) -> None:
        """Analyse the project until its seeds are current; after each analysis, lint again the
        open files whose seeds changed, then settle the heap (`settle_heap`: after the lints,
        which so answer about 0.15 s sooner on benchmarks/server_latency.py's project)."""
        loop = asyncio.get_running_loop()
        while scope.analysed != scope.generation:
            await asyncio.sleep(DEBOUNCE)
            try:
                changed = await loop.run_in_executor(self.analysis_thread, self.state.reanalyse, scope, path)
            except Exception as exc:
                self.report_bug("analysing the project", exc)
                return
            for reached in changed or ():
                uri = self.uris.get(reached)
                if uri is not None:
                    await self.lint_now(uri)
            await loop.run_in_executor(self.analysis_thread, settle_heap)

    # -- code actions -------------------------------------------------------------------------
    def code_actions(self, params: types.CodeActionParams) -> list[types.CodeAction]:
        uri = params.text_document.uri
        document = self.document(uri)
        index = document.index(uri) if document is not None else None
        if index is None:
            return []
        part = document.parts[index]
        result = self.guarded(document.path, document.source)
        only = params.context.only
        actions: list[types.CodeAction] = []
        if wanted(types.CodeActionKind.QuickFix, only):
            first, last = params.range.start.line + 1, params.range.end.line + 1
            for finding in result.findings:
                where, placed = document.place(finding)
                if where == index and placed.line <= last and max(placed.end_line, placed.line) >= first:
                    actions += self.quick_fixes(document, part, result, finding, placed)
        if wanted(protocol.FIX_ALL, only) and any(f.fix is not None and f.fix.safe for f in result.findings):
            action = types.CodeAction(title="acclint: Fix all auto-fixable problems", kind=protocol.FIX_ALL, data={"uri": uri})
            explicit = only is not None and not wanted(types.CodeActionKind.QuickFix, only)
            if explicit or not self.resolves_edits():
                action.edit = self.fix_all_edit(document)
            actions.append(action)
        return actions

    def quick_fixes(self, document: Document, part: Part, result: FileResult, finding: Finding, placed: Finding) -> list[types.CodeAction]:
        """The fix of `finding` (if any) and its `# noqa`; `placed` is the finding in `part`."""
        codec = self.workspace.position_codec
        diagnostic = protocol.diagnostic(placed, edits.lines_of(part.text), codec)
        out = []
        fixed = edits.fix_one(document.source, result.path, result, finding)
        edit = self.edit_parts(document, fixed) if fixed is not None else None
        if edit is not None:
            fix = finding.fix
            title = f"acclint ({finding.code}): {fix.title}" + ("" if fix.safe else f" (unsafe: {fix.reason})")
            out.append(types.CodeAction(
                title=title, kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic], is_preferred=fix.safe, edit=edit,
            ))
        noqa = edits.noqa_edit(part.text, placed)
        if noqa is not None:
            out.append(types.CodeAction(
                title=f"acclint ({finding.code}): Disable for this line",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diagnostic],
                edit=self.workspace_edit([(part, protocol.text_edits([noqa], part.text, codec))]),
            ))
        return out

    def fix_all_edit(self, document: Document) -> types.WorkspaceEdit:
        """Every safe fix, as `acclint check --fix` would apply it (an empty edit when none
        applies)."""
        source = document.source
        result = self.guarded(document.path, source)
        fixed = edits.fix_all(source, result.path, result, self.state.lint_function(document.path)) if result.error is None else None
        return (self.edit_parts(document, fixed) if fixed is not None else None) or types.WorkspaceEdit(changes={})

    def resolve(self, action: types.CodeAction) -> types.CodeAction:
        data = action.data if isinstance(action.data, dict) else {}
        document = self.document(data.get("uri") or "")
        if action.kind == protocol.FIX_ALL and document is not None:
            action.edit = self.fix_all_edit(document)
        return action

    def edit_parts(self, document: Document, fixed: bytes) -> types.WorkspaceEdit | None:
        """The edit that makes `document`'s source `fixed`, part by part (None if a fix would
        lose a notebook's cell)."""
        try:
            texts = document.texts_after(fixed)
        except Refused:
            return None
        codec = self.workspace.position_codec
        return self.workspace_edit([
            (part, protocol.text_edits(edits.line_edits(part.text, new), part.text, codec))
            for part, new in zip(document.parts, texts) if new != part.text
        ])

    def workspace_edit(self, changes: list[tuple[Part, list[types.TextEdit]]]) -> types.WorkspaceEdit:
        """Versioned document edits where the client takes them (it refuses them if a document
        changed meanwhile), else plain ones."""
        capabilities = self.client_capabilities.workspace
        versioned = capabilities and capabilities.workspace_edit and capabilities.workspace_edit.document_changes
        if versioned:
            return types.WorkspaceEdit(document_changes=[
                types.TextDocumentEdit(types.OptionalVersionedTextDocumentIdentifier(uri=part.uri, version=part.version), found)
                for part, found in changes
            ])
        return types.WorkspaceEdit(changes={part.uri: found for part, found in changes})

    def resolves_edits(self) -> bool:
        text = self.client_capabilities.text_document
        action = text.code_action if text else None
        support = action.resolve_support if action else None
        return bool(support and "edit" in support.properties)


def settle_heap() -> None:
    """Move what is alive after a project analysis out of the cyclic garbage collector's sight
    (`gc.freeze`): most of the server's heap is then the project's parsed modules, kept between
    edits, and the full collections that scan them, set off by the allocations of lints, cost
    25 ms a lint of big.py on average in benchmarks/server_latency.py's project (none with the
    heap frozen). What the last analysis left unreachable is collected first (after
    `gc.unfreeze`), so that it is freed rather than kept."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def wanted(kind: str, only: list[str] | None) -> bool:
    """Whether the client's `only` filter admits `kind` (a filter admits its sub-kinds)."""
    return only is None or any(kind == k or kind.startswith(k + ".") for k in only)


def create_server() -> AcclintServer:
    server = AcclintServer()

    @server.feature(types.INITIALIZED)
    async def initialized(ls: AcclintServer, params: types.InitializedParams) -> None:
        ls.state.folders = [ls.path_of(f.uri) for f in ls.workspace.folders.values()]
        watch = ls.client_capabilities.workspace
        dynamic = watch and watch.did_change_watched_files and watch.did_change_watched_files.dynamic_registration
        if dynamic:
            watchers = [types.FileSystemWatcher(glob_pattern=g) for g in (f"**/{CONFIG}", "**/*.py")]
            registration = types.Registration(
                id="acclint-watched-files",
                method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers),
            )
            try:
                await ls.client_register_capability_async(types.RegistrationParams(registrations=[registration]))
            except Exception as exc:  # the client refused: files changed outside it go unnoticed
                log.warning("the client did not register file watching: %s", exc)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: AcclintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.opened(params.text_document.uri, params.text_document.language_id)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: AcclintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: AcclintServer, params: types.DidSaveTextDocumentParams) -> None:
        if ls.path_of(params.text_document.uri).endswith(CONFIG):
            ls.settings_changed()

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: AcclintServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.closed(params.text_document.uri)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def notebook_open(ls: AcclintServer, params: types.DidOpenNotebookDocumentParams) -> None:
        ls.opened(params.notebook_document.uri, None)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def notebook_change(ls: AcclintServer, params: types.DidChangeNotebookDocumentParams) -> None:
        ls.changed(params.notebook_document.uri)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def notebook_close(ls: AcclintServer, params: types.DidCloseNotebookDocumentParams) -> None:
        ls.closed(params.notebook_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched(ls: AcclintServer, params: types.DidChangeWatchedFilesParams) -> None:
        paths = [ls.path_of(change.uri) for change in params.changes]
        if any(os.path.basename(p) == CONFIG for p in paths):
            ls.settings_changed()
        ls.files_changed([p for p in paths if p.endswith(".py")])

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, types.CodeActionKind.SourceFixAll, protocol.FIX_ALL],
            resolve_provider=True,
        ),
    )
    async def code_action(ls: AcclintServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        return await ls.on_lint_thread(ls.code_actions, params)

    @server.feature(types.CODE_ACTION_RESOLVE)
    async def code_action_resolve(ls: AcclintServer, action: types.CodeAction) -> types.CodeAction:
        return await ls.on_lint_thread(ls.resolve, action)

    @server.command(APPLY_AUTOFIX)
    async def apply_autofix(ls: AcclintServer, *arguments: Any) -> None:
        """Fix all in the document named by the first argument (a URI, or `{"uri": ...}`), as
        ruff's `ruff.applyAutofix` does: for editors that bind a command rather than a kind."""
        first = arguments[0] if arguments else None
        document = ls.document(first.get("uri") if isinstance(first, dict) else str(first))
        if document is None:
            return
        edit = await ls.on_lint_thread(ls.fix_all_edit, document)
        await ls.workspace_apply_edit_async(types.ApplyWorkspaceEditParams(edit=edit, label="acclint: Fix all"))

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: AcclintServer, params: Any) -> None:
        for scope in ls.state.reload_settings():
            scope.generation += 1  # a running analysis stops at its next file
        ls.lint_thread.shutdown(wait=False, cancel_futures=True)
        ls.analysis_thread.shutdown(wait=False, cancel_futures=True)

    return server


def main() -> int:
    import sys

    from acclint.server.framing import FramedInput

    logging.basicConfig(level=logging.WARNING, format="acclint server: %(levelname)s: %(message)s")
    create_server().start_io(FramedInput(sys.stdin.buffer))  # a bad frame is resynchronised, never fatal
    return 0
