"""The language server: acclint's findings as diagnostics while the code is typed, its fixes as
code actions. Built on pygls; run by `acclint server` or `python -m acclint.server` over stdio.

How work is scheduled, and why:

- A change is linted after a short pause in typing (`DEBOUNCE`), from the editor's buffer, on
  the *lint thread*, with the seeds of the last project analysis: the answer never waits for
  the whole project. Diagnostics are published only if the document has not changed since.
- Then, on the *analysis thread*, the project-wide reach is worked out again with every open
  buffer in place of its file (acclint.server.projects); the open files whose seeds changed are
  linted again. A newer edit makes a running analysis stop early and start over.
- Code actions (quick fixes, `# noqa`, fix all) run on the lint thread too, so they see the
  same state as the diagnostics. "Fix all" is computed only when the client asks for it
  (`codeAction/resolve`) unless the client cannot resolve actions, or asks for that kind alone
  (a fix-all on save).
- Anything that raises while a document is linted becomes an error diagnostic on that
  document and a log message; the server goes on.
"""

from __future__ import annotations

import asyncio
import logging
import os
import traceback
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from acclint import __version__
from acclint.findings import FileError, FileResult, Finding
from acclint.server import edits, protocol
from acclint.server.projects import Scope, Workspace

DEBOUNCE = 0.05  # seconds of quiet after a change before it is linted
PYTHON = "python"
CONFIG = "pyproject.toml"
APPLY_AUTOFIX = "acclint.applyAutofix"

log = logging.getLogger("acclint.server")


class AcclintServer(LanguageServer):
    """pygls's server plus acclint's state: the workspace, the two worker threads, the pending
    debounced lints and the running project analyses."""

    def __init__(self) -> None:
        super().__init__("acclint", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.state = Workspace()
        self.lint_thread = ThreadPoolExecutor(1, thread_name_prefix="acclint-lint")
        self.analysis_thread = ThreadPoolExecutor(1, thread_name_prefix="acclint-analysis")
        self.pending: dict[str, asyncio.Task] = {}  # debounced lints, by URI
        self.analysing: dict[int, asyncio.Task] = {}  # project analyses, by scope
        self.uris: dict[str, str] = {}  # open documents: path -> URI

    # -- documents ----------------------------------------------------------------------------
    def path_of(self, uri: str) -> str:
        return os.path.abspath(self.workspace.get_text_document(uri).path)

    def opened(self, uri: str) -> None:
        document = self.workspace.get_text_document(uri)
        if document.language_id not in (PYTHON, None) and not document.path.endswith((".py", ".pyi")):
            return
        path = self.path_of(uri)
        self.uris[path] = uri
        self.state.edit(path, encode(document.source))
        self.schedule(uri, 0)

    def changed(self, uri: str) -> None:
        path = self.path_of(uri)
        if self.uris.get(path) != uri:
            return
        self.state.edit(path, encode(self.workspace.get_text_document(uri).source))
        self.schedule(uri, DEBOUNCE)

    def closed(self, uri: str) -> None:
        path = os.path.abspath(self.workspace_path(uri))
        if self.uris.pop(path, None) is None:
            return
        task = self.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        scope = self.state.edit(path, None)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        self.want_analysis(scope, path)

    def workspace_path(self, uri: str) -> str:
        """The path of a URI whose document may be gone (closed)."""
        return to_fs_path(uri) or uri

    def settings_changed(self) -> None:
        """A `pyproject.toml` changed: settings are read again and every open file linted."""
        for scope in self.state.reload_settings():
            scope.generation += 1  # stops its running analysis
        for uri in list(self.uris.values()):
            self.schedule(uri, 0)

    def files_changed(self, paths: list[str]) -> None:
        """Python files changed on disk (not through the editor): their projects are analysed
        again, which lints the open files whose seeds that changes."""
        for path in paths:
            if path in self.uris:
                continue
            self.state.changed_on_disk(path)
            self.want_analysis(self.state.scope(path), path)

    # -- linting ------------------------------------------------------------------------------
    def schedule(self, uri: str, delay: float) -> None:
        task = self.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        self.pending[uri] = asyncio.get_running_loop().create_task(self.lint_later(uri, delay))

    async def lint_later(self, uri: str, delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        self.pending.pop(uri, None)
        await self.lint_now(uri)

    async def lint_now(self, uri: str) -> None:
        """Lint the document's current text and publish the diagnostics, unless it changed
        meanwhile (a newer lint is then on its way)."""
        path = self.path_of(uri)
        document = self.workspace.get_text_document(uri)
        version, text = document.version, document.source
        loop = asyncio.get_running_loop()
        diagnostics = await loop.run_in_executor(self.lint_thread, self.diagnose, path, text)
        if self.uris.get(path) == uri and self.workspace.get_text_document(uri).version == version:
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
            )
        self.want_analysis(self.state.scope(path), path)

    def diagnose(self, path: str, text: str) -> list[types.Diagnostic]:
        codec = self.workspace.position_codec
        return protocol.diagnostics(self.guarded(path, encode(text)), text, codec)

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

    # -- code actions -------------------------------------------------------------------------
    def code_actions(self, params: types.CodeActionParams) -> list[types.CodeAction]:
        uri = params.text_document.uri
        path = self.path_of(uri)
        if self.uris.get(path) != uri:
            return []
        document = self.workspace.get_text_document(uri)
        text, version = document.source, document.version
        source = encode(text)
        result = self.guarded(path, source)
        only = params.context.only
        actions: list[types.CodeAction] = []
        lines = edits.lines_of(text)
        if wanted(types.CodeActionKind.QuickFix, only):
            first, last = params.range.start.line + 1, params.range.end.line + 1
            for finding in result.findings:
                if finding.line <= last and max(finding.end_line, finding.line) >= first:
                    actions += self.quick_fixes(uri, version, text, source, result, finding, lines)
        if wanted(protocol.FIX_ALL, only) and any(f.fix is not None and f.fix.safe for f in result.findings):
            action = types.CodeAction(
                title="acclint: Fix all auto-fixable problems",
                kind=protocol.FIX_ALL,
                data={"uri": uri, "version": version},
            )
            explicit = only is not None and not wanted(types.CodeActionKind.QuickFix, only)
            if explicit or not self.resolves_edits():
                action.edit = self.fix_all_edit(uri, version, text, path)
            actions.append(action)
        return actions

    def quick_fixes(self, uri, version, text, source, result, finding: Finding, lines) -> list[types.CodeAction]:
        diagnostic = protocol.diagnostic(finding, lines, self.workspace.position_codec)
        out = []
        fixed = edits.fix_one(source, result.path, result, finding)
        if fixed is not None:
            fix = finding.fix
            title = f"acclint ({finding.code}): {fix.title}" + ("" if fix.safe else f" (unsafe: {fix.reason})")
            out.append(types.CodeAction(
                title=title,
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diagnostic],
                is_preferred=fix.safe,
                edit=self.edit_to(uri, version, text, decode(fixed)),
            ))
        noqa = edits.noqa_edit(text, finding)
        if noqa is not None:
            out.append(types.CodeAction(
                title=f"acclint ({finding.code}): Disable for this line",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diagnostic],
                edit=self.workspace_edit(uri, version, protocol.text_edits([noqa], text, self.workspace.position_codec)),
            ))
        return out

    def fix_all_edit(self, uri: str, version: int | None, text: str, path: str) -> types.WorkspaceEdit:
        """Every safe fix, as `acclint check --fix` would apply it (an empty edit when none
        applies)."""
        source = encode(text)
        result = self.guarded(path, source)
        fixed = edits.fix_all(source, result.path, result, self.state.lint_function(path)) if result.error is None else None
        return self.edit_to(uri, version, text, decode(fixed) if fixed is not None else text)

    def resolve(self, action: types.CodeAction) -> types.CodeAction:
        data = action.data if isinstance(action.data, dict) else {}
        uri = data.get("uri")
        if action.kind == protocol.FIX_ALL and uri in self.uris.values():
            document = self.workspace.get_text_document(uri)
            action.edit = self.fix_all_edit(uri, document.version, document.source, self.path_of(uri))
        return action

    def edit_to(self, uri: str, version: int | None, old: str, new: str) -> types.WorkspaceEdit:
        return self.workspace_edit(uri, version, protocol.text_edits(edits.line_edits(old, new), old, self.workspace.position_codec))

    def workspace_edit(self, uri: str, version: int | None, changes: list[types.TextEdit]) -> types.WorkspaceEdit:
        """A versioned document edit where the client takes one (it refuses it if the document
        changed meanwhile), else a plain one."""
        capabilities = self.client_capabilities.workspace
        versioned = capabilities and capabilities.workspace_edit and capabilities.workspace_edit.document_changes
        if versioned:
            identifier = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version)
            return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(identifier, changes)])
        return types.WorkspaceEdit(changes={uri: changes})

    def resolves_edits(self) -> bool:
        text = self.client_capabilities.text_document
        action = text.code_action if text else None
        support = action.resolve_support if action else None
        return bool(support and "edit" in support.properties)


def wanted(kind: str, only: list[str] | None) -> bool:
    """Whether the client's `only` filter admits `kind` (a filter admits its sub-kinds)."""
    return only is None or any(kind == k or kind.startswith(k + ".") for k in only)


def encode(text: str) -> bytes:
    """The buffer's bytes; a lone surrogate (which JSON can carry) is kept so that decoding
    reports it as an invalid file rather than failing here."""
    return text.encode("utf-8", "surrogatepass")


def decode(source: bytes) -> str:
    return source.decode("utf-8", "surrogatepass")


def create_server() -> AcclintServer:
    server = AcclintServer()

    @server.feature(types.INITIALIZED)
    async def initialized(ls: AcclintServer, params: types.InitializedParams) -> None:
        ls.state.folders = [os.path.abspath(ls.workspace_path(f.uri)) for f in ls.workspace.folders.values()]
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
        ls.opened(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: AcclintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: AcclintServer, params: types.DidSaveTextDocumentParams) -> None:
        if ls.workspace_path(params.text_document.uri).endswith(CONFIG):
            ls.settings_changed()

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: AcclintServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.closed(params.text_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched(ls: AcclintServer, params: types.DidChangeWatchedFilesParams) -> None:
        paths = [os.path.abspath(ls.workspace_path(change.uri)) for change in params.changes]
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
        return await asyncio.get_running_loop().run_in_executor(ls.lint_thread, ls.code_actions, params)

    @server.feature(types.CODE_ACTION_RESOLVE)
    async def code_action_resolve(ls: AcclintServer, action: types.CodeAction) -> types.CodeAction:
        return await asyncio.get_running_loop().run_in_executor(ls.lint_thread, ls.resolve, action)

    @server.command(APPLY_AUTOFIX)
    async def apply_autofix(ls: AcclintServer, *arguments: Any) -> None:
        """Fix all in the document named by the first argument (a URI, or `{"uri": ...}`), as
        ruff's `ruff.applyAutofix` does: for editors that bind a command rather than a kind."""
        first = arguments[0] if arguments else None
        uri = first.get("uri") if isinstance(first, dict) else first
        if uri not in ls.uris.values():
            return
        document = ls.workspace.get_text_document(uri)
        edit = await asyncio.get_running_loop().run_in_executor(
            ls.lint_thread, ls.fix_all_edit, uri, document.version, document.source, ls.path_of(uri)
        )
        await ls.workspace_apply_edit_async(types.ApplyWorkspaceEditParams(edit=edit, label="acclint: Fix all"))

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: AcclintServer, params: Any) -> None:
        for scope in ls.state.reload_settings():
            scope.generation += 1  # a running analysis stops at its next file
        ls.lint_thread.shutdown(wait=False, cancel_futures=True)
        ls.analysis_thread.shutdown(wait=False, cancel_futures=True)

    return server


def main() -> int:
    logging.basicConfig(level=logging.WARNING, format="acclint server: %(levelname)s: %(message)s")
    create_server().start_io()
    return 0
