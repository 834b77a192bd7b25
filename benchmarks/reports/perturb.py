"""Which found labels does acclint lose when a report module is rewritten without changing meaning?

A metamorphic check of the dev half: every module of `dev/` (or of `--folder DIR`) is rewritten
by each rewrite below into a temporary folder, linted there the way `measure.py` lints a half
(its `findings`), and scored with `measure.py`'s own `read_report` and `score` against the
module's original labels. Before a rewrite, each label comment gets a tag `@L<line>` (its
original line); a finding in a rewritten file is mapped back through the tag on its line, so a
label is found when a finding of its family lies on a line that carries one of its tags, in
whatever file and at whatever line the rewrite put it. A label lost under a rewrite is a
property acclint computes from a spelling rather than from meaning.

Rewrites (each keeps the program's meaning; a module where one does not apply, or cannot be
made safely, is skipped and counted):

- R0 identity: parsed and printed by libcst (checks the harness: it must score like measure.py).
- R1 alpha-rename: names the module binds (functions, classes, parameters, locals, globals) to
  neutral names (`f1`, `C2`, `v7`); never an import, a builtin, a dunder, `self`/`cls`, a name
  used as a keyword argument or written in a string (`static_argnames`), a class-body name or
  a method (either may be read as an attribute elsewhere).
- R2 import spelling: `import jax` -> `import jax as jx`, `import jax.numpy as jnp` ->
  `from jax import numpy as jnp2`, `from jax import jit` -> `jax.jit` at each use; the same for
  tensorflow, torch, keras and numpy.
- R3 decorator to call form and back, at module level: `@jax.jit` / `@partial(jax.jit, ..)` /
  `@tf.function(..)` / `@torch.compile(..)` on a def -> `f = jax.jit(f, ..)` after it, and
  `f = jax.jit(f, ..)` -> a decorator where nothing between the def and it uses `f`.
- R4 module code into main(): the statements after the last def/class/import go into
  `def main():` (with `global` for each name they assign that a function reads, that was bound
  before, or that a `# verify:` line reads) and `if __name__ == "__main__": main()`.
- R5 loop body into a helper: a module-level `for`/`while` whose body has no break, continue,
  return, yield, global, del, def or import gets its body moved into `def _body(..)` called in
  the loop; the module variables the body reads are passed (imports, defs and classes are read
  as globals), those it assigns are returned and rebound (skipped when a function reads one, or
  one may be unbound).
- R6 traced functions split into a second module: the module's decorated or wrapped functions
  (and the plain module functions they call) move into `hm_<module>.py` beside it, imported
  where each def was (`from hm_<module> import f`); skipped for a function that reads a global
  the module assigns. The folder is linted as one project.

    python benchmarks/reports/perturb.py [--rewrite R1 ...] [--folder DIR] [--list] [--keep DIR]

`--list` prints each lost label (module:line:code) and each new false finding per rewrite;
`--keep DIR` leaves the rewritten modules there (for `verify.py` spot checks).
"""

from __future__ import annotations

import argparse
import builtins
import collections
import keyword
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst
from libcst.metadata import ExpressionContext, ExpressionContextProvider, MetadataWrapper, PositionProvider

sys.path.insert(0, str(Path(__file__).parent))
import measure  # noqa: E402  (measure.py's label reading, linting and scoring, shared)

TAG = re.compile(r"@L(\d+)")
VERIFY_NAMES = re.compile(r"\b[ce]\.([A-Za-z_]\w*)")
VERIFY_LINE = re.compile(r"^#\s*verify:(.*)$", re.M)
WRAPPERS = {"jax.jit", "jax.pmap", "tensorflow.function", "torch.compile", "equinox.filter_jit"}
PARTIAL = {"functools.partial"}
FAMILY = {"jax", "tensorflow", "torch", "keras", "numpy"}
KEPT = set(dir(builtins)) | set(keyword.kwlist) | {"self", "cls", "main"}


class Skip(Exception):
    """The rewrite does not apply to this module, or cannot be made safely."""


# ---------------------------------------------------------------- shared facts of a module

def tagged(text: str) -> str:
    """The module with `@L<line>` appended to each label comment."""
    return "\n".join(line + f" @L{n}" if measure.MARKERS.search(line) else line
                     for n, line in enumerate(text.splitlines(), 1)) + "\n"


def imports_of(module: cst.Module) -> dict[str, str]:
    """Local name -> dotted name, for the module's top-level imports."""
    out = {}
    for stmt in module.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Import):
                for alias in small.names:
                    dotted = cst.Module([]).code_for_node(alias.name)
                    if alias.asname:
                        out[alias.asname.name.value] = dotted
                    else:
                        out[dotted.split(".")[0]] = dotted.split(".")[0]
            elif isinstance(small, cst.ImportFrom) and not small.relative and small.module:
                base = cst.Module([]).code_for_node(small.module)
                if isinstance(small.names, cst.ImportStar):
                    continue
                for alias in small.names:
                    name = alias.name.value
                    out[alias.asname.name.value if alias.asname else name] = f"{base}.{name}"
    return out


def qualname(expr: cst.BaseExpression, imports: dict[str, str]) -> str | None:
    if isinstance(expr, cst.Name):
        return imports.get(expr.value)
    if isinstance(expr, cst.Attribute):
        base = qualname(expr.value, imports)
        return f"{base}.{expr.attr.value}" if base else None
    return None


def wrapper_call(dec: cst.BaseExpression, imports) -> tuple[cst.BaseExpression, list[cst.Arg]] | None:
    """(the compiling callable, its extra arguments) of a decorator that compiles, else None."""
    if qualname(dec, imports) in WRAPPERS:
        return dec, []
    if isinstance(dec, cst.Call) and not any(a.star for a in dec.args):
        if qualname(dec.func, imports) in WRAPPERS:
            return dec.func, list(dec.args)
        if (qualname(dec.func, imports) in PARTIAL and dec.args and dec.args[0].keyword is None
                and qualname(dec.args[0].value, imports) in WRAPPERS
                and all(a.keyword for a in dec.args[1:])):
            return dec.args[0].value, list(dec.args[1:])
    return None


class Names(cst.CSTVisitor):
    """Every Name node of a tree, by value (attribute and keyword names apart)."""

    def __init__(self):
        self.names: collections.Counter = collections.Counter()
        self.keywords: set[str] = set()
        self.strings: set[str] = set()

    def visit_Name(self, node):
        self.names[node.value] += 1

    def visit_Arg(self, node):
        if node.keyword:
            self.keywords.add(node.keyword.value)

    def visit_SimpleString(self, node):
        self.strings |= set(re.findall(r"[A-Za-z_]\w*", node.value))

    def visit_Attribute(self, node):
        node.value.visit(self)
        return False


def names_in(node: cst.CSTNode) -> Names:
    v = Names()
    node.visit(v)
    return v


def function_reads(module: cst.Module) -> set[str]:
    """Names that appear in any def or lambda of the module (read as globals, perhaps)."""
    out: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_FunctionDef(self, node):
            out.update(names_in(node.body).names)

        def visit_Lambda(self, node):
            out.update(names_in(node.body).names)

    module.visit(V())
    return out


def target_names(target: cst.BaseExpression) -> list[str]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in target_names(e.value)]
    if isinstance(target, cst.StarredElement):
        return target_names(target.value)
    return []


# Where each binding statement keeps the names it binds.
BINDING = {cst.AssignTarget: "target", cst.AnnAssign: "target", cst.AugAssign: "target", cst.For: "target",
           cst.CompFor: "target", cst.AsName: "name", cst.NamedExpr: "target", cst.Del: "target"}


class Bound(cst.CSTVisitor):
    """Names a statement binds in its own scope (not inside defs, lambdas, comprehensions)."""

    def __init__(self):
        self.bound: list[str] = []
        self.defs = False

    def on_visit(self, node):
        where = BINDING.get(type(node))
        if where is not None:
            self.bound += target_names(getattr(node, where))
        return super().on_visit(node)

    def visit_FunctionDef(self, node):
        self.bound.append(node.name.value)
        self.defs = True
        return False

    def visit_ClassDef(self, node):
        self.bound.append(node.name.value)
        self.defs = True
        return False

    def visit_Lambda(self, node):
        return False

    def visit_Import(self, node):  # imports are told apart by `imports_of`
        return False

    def visit_ImportFrom(self, node):
        return False

    def visit_ListComp(self, node):
        return False

    def visit_SetComp(self, node):
        return False

    def visit_DictComp(self, node):
        return False

    def visit_GeneratorExp(self, node):
        return False


def bound_by(node: cst.CSTNode) -> list[str]:
    v = Bound()
    node.visit(v)
    return v.bound


def fresh(prefix: str, taken: set[str]) -> str:
    n = 1
    while f"{prefix}{n}" in taken:
        n += 1
    taken.add(f"{prefix}{n}")
    return f"{prefix}{n}"


# ---------------------------------------------------------------- R1 alpha-rename

class Respell(cst.CSTTransformer):
    """Replaces each Name in `mapping` by its new expression (a neutral name, an alias or
    `module.name`), except attribute names, keywords and imports."""

    def __init__(self, mapping: dict[str, cst.BaseExpression]):
        self.mapping = mapping

    def leave_Attribute(self, original, updated):
        return updated.with_changes(attr=original.attr)

    def leave_Arg(self, original, updated):
        return updated.with_changes(keyword=original.keyword)

    def visit_Import(self, node):
        return False

    def visit_ImportFrom(self, node):
        return False

    def leave_Name(self, original, updated):
        return self.mapping.get(original.value, updated)


def r1_rename(module: cst.Module, text: str) -> dict[str, str]:
    imports = imports_of(module)
    seen = names_in(module)
    checked = {n for line in VERIFY_LINE.findall(text) for n in re.findall(r"[A-Za-z_]\w*", line)}
    protected = set(imports) | KEPT | seen.keywords | seen.strings | checked  # verify.py reads them
    kinds: dict[str, str] = {}

    class Defs(cst.CSTVisitor):
        def __init__(self):
            self.class_depth = 0

        def visit_ClassDef(self, node):
            kinds.setdefault(node.name.value, "C")
            for stmt in node.body.body:  # class-body names are attributes too: kept
                for name in bound_by(stmt):
                    protected.add(name)
                if isinstance(stmt, cst.SimpleStatementLine):
                    for small in stmt.body:
                        if isinstance(small, cst.AnnAssign):
                            protected.update(target_names(small.target))

        def visit_FunctionDef(self, node):
            kinds.setdefault(node.name.value, "f")

        def visit_Param(self, node):
            kinds.setdefault(node.name.value, "v")

        def on_visit(self, node):
            where = BINDING.get(type(node))
            if where is not None and not isinstance(node, (cst.AugAssign, cst.Del)):
                for n in target_names(getattr(node, where)):
                    kinds.setdefault(n, "v")
            return super().on_visit(node)

    module.visit(Defs())
    taken = set(seen.names) | set(imports) | KEPT
    mapping = {}
    for name, kind in kinds.items():
        if name in protected or (name.startswith("__") and name.endswith("__")):
            continue
        mapping[name] = fresh(kind, taken)
    if not mapping:
        raise Skip("nothing to rename")
    return {"": module.visit(Respell({k: cst.Name(v) for k, v in mapping.items()})).code}


# ---------------------------------------------------------------- R2 import spelling

ALIASES = {"jax": "jx", "tensorflow": "tfw", "tf": "tfw", "torch": "tch", "numpy": "nmp",
           "np": "nmp", "keras": "krs", "jnp": "jnp2"}


def r2_imports(module: cst.Module, text: str) -> dict[str, str]:
    seen = names_in(module)
    taken = set(seen.names) | KEPT
    bound_elsewhere = collections.Counter(bound_by(module))

    class Params(cst.CSTVisitor):
        def visit_Param(self, node):
            bound_elsewhere[node.name.value] += 1

    module.visit(Params())
    mapping: dict[str, cst.BaseExpression] = {}
    root_alias: dict[str, str] = {}

    def alias_for(name: str) -> str:
        new = ALIASES.get(name, name + "2")
        while new in taken:
            new += "_"
        taken.add(new)
        return new

    def rewrite(small):
        if isinstance(small, cst.Import):
            names = []
            for alias in small.names:
                dotted = cst.Module([]).code_for_node(alias.name)
                root = dotted.split(".")[0]
                local = alias.asname.name.value if alias.asname else root
                if root not in FAMILY or bound_elsewhere[local] or local in mapping:
                    names.append(alias)
                    continue
                new = alias_for(local)
                mapping[local] = cst.Name(new)
                if "." not in dotted or not alias.asname:
                    if "." in dotted:  # `import jax.numpy`: keep it, and name the root anew
                        names.append(alias.with_changes(comma=cst.MaybeSentinel.DEFAULT))
                    names.append(cst.ImportAlias(cst.parse_expression(root), asname=cst.AsName(cst.Name(new))))
                    root_alias[root] = new
                else:  # `import jax.numpy as jnp` -> `from jax import numpy as jnp2`
                    base, _, last = dotted.rpartition(".")
                    return [cst.ImportFrom(module=cst.parse_expression(base),
                                           names=[cst.ImportAlias(cst.Name(last), asname=cst.AsName(cst.Name(new)))])]
            return [small.with_changes(names=[n.with_changes(comma=cst.MaybeSentinel.DEFAULT) for n in names])]
        if (isinstance(small, cst.ImportFrom) and small.module and not small.relative
                and not isinstance(small.names, cst.ImportStar)):
            base = cst.Module([]).code_for_node(small.module)
            if base.split(".")[0] not in FAMILY or base == "__future__":
                return [small]
            kept, out = [], []
            holder = None
            for alias in small.names:
                local = alias.asname.name.value if alias.asname else alias.name.value
                if bound_elsewhere[local] or local in mapping or local in seen.strings:
                    kept.append(alias)
                    continue
                if holder is None:
                    holder = fresh("_m", taken)
                    out.append(cst.Import([cst.ImportAlias(cst.parse_expression(base), asname=cst.AsName(cst.Name(holder)))]))
                mapping[local] = cst.Attribute(cst.Name(holder), cst.Name(alias.name.value))
                # the original import stays under an unused name: a submodule gets loaded
                kept.append(alias.with_changes(asname=cst.AsName(cst.Name(fresh("_u", taken)))))
            if holder is None:
                return [small]
            return out + [small.with_changes(names=[n.with_changes(comma=cst.MaybeSentinel.DEFAULT) for n in kept])]
        return [small]

    body = []
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            smalls = [new for small in stmt.body for new in rewrite(small)]
            smalls = [s.with_changes(semicolon=cst.MaybeSentinel.DEFAULT) for s in smalls]
            stmt = stmt.with_changes(body=smalls)
        body.append(stmt)
    if not mapping:
        raise Skip("no framework import to respell")
    module = module.with_changes(body=body)
    respelled = cst.Module(body=[s if isinstance(s, cst.SimpleStatementLine) and any(
        isinstance(x, (cst.Import, cst.ImportFrom)) for x in s.body) else s.visit(Respell(mapping))
        for s in module.body], header=module.header, footer=module.footer)
    return {"": respelled.code}


# ---------------------------------------------------------------- R3 decorator <-> call

def r3_decorators(module: cst.Module, text: str) -> dict[str, str]:
    imports = imports_of(module)
    body = list(module.body)
    out: list[cst.BaseStatement] = []
    changed = False
    needs_functools = False
    defs = {s.name.value: i for i, s in enumerate(body) if isinstance(s, cst.FunctionDef)}
    removed: set[int] = set()
    adds: dict[int, cst.Decorator] = {}
    for i, stmt in enumerate(body):  # call form -> decorator
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
                and isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1):
            continue
        assign = stmt.body[0]
        target, call = assign.targets[0].target, assign.value
        if not (isinstance(target, cst.Name) and isinstance(call, cst.Call) and call.args
                and qualname(call.func, imports) in WRAPPERS and call.args[0].keyword is None
                and not call.args[0].star and isinstance(call.args[0].value, cst.Name)
                and call.args[0].value.value == target.value and target.value in defs
                and defs[target.value] < i and not any(a.star for a in call.args)):
            continue
        j = defs[target.value]
        if any(names_in(s).names[target.value] for s in body[j + 1:i]) or j in adds:
            continue
        rest = [a for a in call.args[1:]]
        if not rest:
            expr = call.func
        elif all(a.keyword for a in rest) and qualname(call.func, imports) in ("tensorflow.function", "torch.compile"):
            expr = cst.Call(call.func, [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in rest])
        elif all(a.keyword for a in rest):
            needs_functools = True
            expr = cst.Call(cst.parse_expression("functools.partial"),
                            [cst.Arg(call.func)] + [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in rest])
        else:
            continue
        comment = stmt.trailing_whitespace
        adds[j] = cst.Decorator(expr, trailing_whitespace=comment)
        removed.add(i)
    for i, stmt in enumerate(body):
        if i in removed:
            changed = True
            continue
        if isinstance(stmt, cst.FunctionDef) and i in adds:
            out.append(stmt.with_changes(decorators=[adds[i]] + list(stmt.decorators)))
            changed = True
            continue
        if isinstance(stmt, cst.FunctionDef) and stmt.decorators:  # decorator -> call form
            first = stmt.decorators[0]
            found = wrapper_call(first.decorator, imports)
            if found:
                func, args = found
                name = stmt.name.value
                call = cst.Call(func, [cst.Arg(cst.Name(name))] + [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in args])
                rest = list(stmt.decorators[1:])
                lead = list(stmt.leading_lines) + list(first.leading_lines)
                if rest:
                    rest[0] = rest[0].with_changes(leading_lines=list(rest[0].leading_lines))
                out.append(stmt.with_changes(decorators=rest, leading_lines=lead))
                out.append(cst.SimpleStatementLine(
                    [cst.Assign([cst.AssignTarget(cst.Name(name))], call)],
                    trailing_whitespace=first.trailing_whitespace))
                changed = True
                continue
        out.append(stmt)
    if not changed:
        raise Skip("no compiled def or wrap at module level")
    if needs_functools and "functools" not in imports:
        out.insert(0, cst.parse_statement("import functools"))
    return {"": module.with_changes(body=out).code}


# ---------------------------------------------------------------- R4 module code into main()

def is_import(stmt) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and any(isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body)


def r4_main(module: cst.Module, text: str) -> dict[str, str]:
    body = list(module.body)
    last = max((i for i, s in enumerate(body) if isinstance(s, (cst.FunctionDef, cst.ClassDef)) or is_import(s)),
               default=-1)
    moved = body[last + 1:]
    if not moved:
        raise Skip("no module code after the last def")
    reads = names_in(cst.Module(moved)).names
    if {"globals", "locals", "exec", "eval", "vars"} & set(reads):
        raise Skip("reflective module code")
    assigned = set()
    for s in moved:
        assigned.update(bound_by(s))
    before = set()
    for s in body[:last + 1]:
        before.update(bound_by(s))
    before |= set(imports_of(cst.Module(body[:last + 1])))
    need = assigned & (function_reads(module) | before | set(VERIFY_NAMES.findall(text)))
    for s in moved:
        if isinstance(s, cst.SimpleStatementLine):
            for small in s.body:
                if isinstance(small, (cst.Global, cst.Nonlocal, cst.Return)):
                    raise Skip("global/return at module level")
    taken = set(names_in(module).names)
    main = "main" if "main" not in taken else fresh("main", taken)

    class Unannotate(cst.CSTTransformer):  # an annotated name cannot be declared global
        def leave_AnnAssign(self, original, updated):
            if set(target_names(original.target)) & need:
                if original.value is None:
                    raise Skip("bare annotation of a global")
                return cst.Assign([cst.AssignTarget(original.target)], original.value)
            return updated

    moved = [s.visit(Unannotate()) for s in moved]
    inner = ([cst.SimpleStatementLine([cst.Global([cst.NameItem(cst.Name(n)) for n in sorted(need)])])]
             if need else []) + moved
    func = cst.FunctionDef(cst.Name(main), cst.Parameters(), cst.IndentedBlock(inner),
                           leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
    tail = cst.parse_statement(f'if __name__ == "__main__":\n    {main}()\n')
    tail = tail.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
    return {"": module.with_changes(body=body[:last + 1] + [func, tail]).code}


# ---------------------------------------------------------------- R5 loop body into a helper

class Forbidden(cst.CSTVisitor):
    """Whether a loop body holds a statement that cannot leave it for a function."""

    def __init__(self):
        self.bad = None
        self.loops = 0

    def _loop(self, node):
        self.loops += 1

    def _unloop(self, node):
        self.loops -= 1

    visit_For = visit_While = _loop
    leave_For = leave_While = _unloop

    def visit_Break(self, node):
        if not self.loops:
            self.bad = "break"

    def visit_Continue(self, node):
        if not self.loops:
            self.bad = "continue"

    def on_visit(self, node):
        if isinstance(node, (cst.Return, cst.Yield, cst.Await, cst.Global, cst.Nonlocal, cst.Del,
                             cst.FunctionDef, cst.ClassDef, cst.Import, cst.ImportFrom, cst.Lambda)):
            self.bad = type(node).__name__
        return super().on_visit(node)


def r5_loops(module: cst.Module, text: str) -> dict[str, str]:
    fread = function_reads(module)
    taken = set(names_in(module).names)
    module_bound: set[str] = set()  # module variables: passed; imports, defs and classes are read as globals
    done = 0

    def convert(stmt, bound_before: set[str]):
        nonlocal done
        if not isinstance(stmt, (cst.For, cst.While)) or not isinstance(stmt.body, cst.IndentedBlock):
            return [stmt]
        if isinstance(stmt, cst.For) and stmt.asynchronous:
            return [stmt]
        check = Forbidden()
        for s in stmt.body.body:
            s.visit(check)
        if check.bad:
            return [stmt]
        block = cst.Module(list(stmt.body.body))
        seen = names_in(block)
        if {"globals", "locals", "exec", "eval", "vars"} & set(seen.names):
            return [stmt]
        loop_targets = target_names(stmt.target) if isinstance(stmt, cst.For) else []
        assigned = []
        for s in stmt.body.body:
            for n in bound_by(s):
                if n not in assigned:
                    assigned.append(n)
        if set(assigned) & fread:
            return [stmt]
        # a name first assigned in the body must be bound on every pass before it is returned
        unconditional = set()
        for s in stmt.body.body:
            if isinstance(s, cst.SimpleStatementLine):
                unconditional.update(bound_by(s))
        params = [n for n in sorted(set(seen.names)) if n in bound_before or n in loop_targets]
        for n in assigned:
            if n not in params and (n not in unconditional or n in bound_before):
                return [stmt]
            if n not in params and seen.names[n] > bound_by(block).count(n):
                return [stmt]  # read before its first assignment in the pass
        returned = [n for n in assigned if n not in loop_targets]
        name = fresh("_body", taken)
        inner = list(stmt.body.body)
        if returned:
            value = ", ".join(returned)
            inner.append(cst.parse_statement(f"return {value}\n"))
        helper = cst.FunctionDef(cst.Name(name), cst.Parameters([cst.Param(cst.Name(p)) for p in params]),
                                 cst.IndentedBlock(inner), leading_lines=list(stmt.leading_lines))
        call = f"{name}({', '.join(params)})"
        line = cst.parse_statement(f"{', '.join(returned)} = {call}\n" if returned else f"{call}\n")
        done += 1
        return [helper, stmt.with_changes(body=cst.IndentedBlock([line]), leading_lines=[])]

    body = []
    for stmt in module.body:
        new = convert(stmt, module_bound)
        if (isinstance(stmt, cst.If) and isinstance(stmt.body, cst.IndentedBlock)):
            inner = [x for s in stmt.body.body for x in convert(s, module_bound)]
            new = [stmt.with_changes(body=stmt.body.with_changes(body=inner))]
        body += new
        if not isinstance(stmt, (cst.FunctionDef, cst.ClassDef)) and not is_import(stmt):
            module_bound.update(bound_by(stmt))
    if not done:
        raise Skip("no module-level loop that can move")
    return {"": module.with_changes(body=body).code}


# ---------------------------------------------------------------- R6 split into two modules

def r6_split(module: cst.Module, text: str, stem: str) -> dict[str, str]:
    imports = imports_of(module)
    body = list(module.body)
    defs = {s.name.value: s for s in body if isinstance(s, cst.FunctionDef)}
    classes = {s.name.value for s in body if isinstance(s, cst.ClassDef)}
    assigned_globals = set()
    for s in body:
        if not isinstance(s, (cst.FunctionDef, cst.ClassDef)) and not is_import(s):
            assigned_globals.update(bound_by(s))
    wrapped = set()

    class Wraps(cst.CSTVisitor):
        def visit_Call(self, node):
            if (qualname(node.func, imports) in WRAPPERS and node.args
                    and isinstance(node.args[0].value, cst.Name)):
                wrapped.add(node.args[0].value.value)

    module.visit(Wraps())
    moving = {n for n, d in defs.items()
              if n in wrapped or any(wrapper_call(x.decorator, imports) for x in d.decorators)}
    if not moving:
        raise Skip("no compiled function at module level")

    def free(d):
        v = names_in(d)
        local = set(bound_by(d.body)) | {p.name.value for p in d.params.params + d.params.kwonly_params
                                           + d.params.posonly_params}
        for star in (d.params.star_arg, d.params.star_kwarg):
            if isinstance(star, cst.Param):
                local.add(star.name.value)

        class Inner(cst.CSTVisitor):  # names bound in nested scopes are not globals
            def visit_Param(self, node):
                local.add(node.name.value)

            def visit_CompFor(self, node):
                local.update(target_names(node.target))

        d.visit(Inner())
        return {n for n in v.names if n not in local and n != d.name.value} - set(imports) - KEPT

    changed = True
    while changed:
        changed = False
        for n in sorted(moving):
            for dep in free(defs[n]):
                if dep in defs and dep not in moving:
                    moving.add(dep)
                    changed = True
    bad = set()
    changed = True
    while changed:
        changed = False
        for n in sorted(moving - bad):
            deps = free(defs[n])
            if (deps & (assigned_globals | classes) or any(d in bad for d in deps)
                    or any(g in names_in(defs[n]).names for g in ("globals", "global"))
                    or (n in assigned_globals and any(n in free(defs[m]) for m in moving if m != n))):
                bad.add(n)
                changed = True
    moving -= bad
    if not moving:
        raise Skip("every compiled function reads a global the module assigns")
    wrapper = MetadataWrapper(module)
    positions = wrapper.resolve(PositionProvider)
    lines = text.splitlines()
    helper_name = f"hm_{stem}"
    helper: list[str] = []
    for s in wrapper.module.body:
        if is_import(s):
            helper.append(wrapper.module.code_for_node(s).strip("\n").split("\n")[-1]
                          if "\n" not in wrapper.module.code_for_node(s).strip("\n")
                          else wrapper.module.code_for_node(s).strip("\n"))
    helper = [h for chunk in helper for h in chunk.splitlines() if h.strip() and not h.lstrip().startswith("#")]
    if any("from __future__" in h for h in helper):
        helper = [h for h in helper if "from __future__" in h] + [h for h in helper if "from __future__" not in h]
    for s in wrapper.module.body:
        if isinstance(s, cst.FunctionDef) and s.name.value in moving:
            pos = positions[s]
            start = min([positions[d].start.line for d in s.decorators] + [pos.start.line])
            end = pos.end.line
            chunk = lines[start - 1:end]
            while len(helper) < start - 1:
                helper.append("")
            helper += chunk
            lines[start - 1:end] = [f"from {helper_name} import {s.name.value}"] + [""] * (end - start)
    return {"": "\n".join(lines) + "\n", f"{helper_name}.py": "\n".join(helper) + "\n"}


REWRITES = {
    "R0": lambda m, t, s: {"": m.code},
    "R1": lambda m, t, s: r1_rename(m, t),
    "R2": lambda m, t, s: r2_imports(m, t),
    "R3": lambda m, t, s: r3_decorators(m, t),
    "R4": lambda m, t, s: r4_main(m, t),
    "R5": lambda m, t, s: r5_loops(m, t),
    "R6": r6_split,
}


# ---------------------------------------------------------------- scoring

@dataclass
class Outcome:
    applied: int = 0
    skipped: collections.Counter = field(default_factory=collections.Counter)
    labels: int = 0
    before: int = 0
    after: int = 0
    lost: list = field(default_factory=list)
    gained: list = field(default_factory=list)
    false_before: int = 0
    false_after: int = 0
    new_false: list = field(default_factory=list)


def rewrite_module(name: str, path: Path) -> dict[str, str]:
    """The files of one rewritten module, each checked to compile and to keep every label tag."""
    text = tagged(path.read_text())
    files = REWRITES[name](cst.parse_module(text), text, path.stem)
    files = {(path.name if k == "" else k): v for k, v in files.items()}
    tags = collections.Counter(TAG.findall(text))
    kept = collections.Counter(t for v in files.values() for t in TAG.findall(v))
    if tags != kept:
        raise Skip("a label comment was lost")
    for fname, v in files.items():
        try:
            compile(v, fname, "exec")
        except SyntaxError as e:
            raise Skip(f"does not compile: {e.msg}")
    return files


def mapped(files: dict[str, str], found: dict[Path, list], folder: Path):
    """Findings of a module's files as (original line, code); untagged lines -> (-n, code)."""
    out, where = [], {}
    for fname, text in files.items():
        tags = {n: int(m.group(1)) for n, line in enumerate(text.splitlines(), 1)
                for m in [TAG.search(line)] if m}
        for line, code in found.get((folder / fname).resolve(), []):
            orig = tags.get(line, -len(where) - 1)
            out.append((orig, code))
            where[(orig, code)] = f"{fname}:{line}"
    return out, where


def run(names: list[str], source: Path, keep: Path | None, show: bool) -> None:
    paths = sorted(source.glob("*.py"))
    reports = {p: measure.read_report(p) for p in paths}
    base_found = measure.findings(source, "precise")
    base = {}
    for p, rep in reports.items():
        misses, extras = [], []
        measure.score(rep, base_found.get(p.resolve(), []), misses, extras)
        base[p] = ({id(h) for h in rep.hazards} - {id(h) for _, h in misses},
                   collections.Counter(c for _, _, c in extras))
    print(f"\n## perturb.py on {source}: {len(paths)} modules, "
          f"{sum(len(r.hazards) for r in reports.values())} labels, "
          f"{sum(len(b[0]) for b in base.values())} found as written\n")
    print("| rewrite | modules rewritten | skipped | labels found before -> after (on rewritten modules) | lost | new false findings |")
    print("|---|---|---|---|---|---|")
    details = []
    for name in names:
        outcome = Outcome()
        tmp = Path(tempfile.mkdtemp(prefix=f"perturb_{name}_"))
        written = {}
        for p in paths:
            try:
                files = rewrite_module(name, p)
            except Skip as why:
                outcome.skipped[str(why)] += 1
                continue
            except (cst.ParserSyntaxError, Exception) as why:  # a rewrite that fails is a skip
                outcome.skipped[f"error: {type(why).__name__}: {str(why)[:60]}"] += 1
                continue
            for fname, v in files.items():
                (tmp / fname).write_text(v)
            written[p] = files
        found = measure.findings(tmp, "precise") if written else {}
        for p, files in written.items():
            rep = reports[p]
            outcome.applied += 1
            outcome.labels += len(rep.hazards)
            misses, extras = [], []
            pairs, where = mapped(files, found, tmp)
            measure.score(rep, pairs, misses, extras)
            now = {id(h) for h in rep.hazards} - {id(h) for _, h in misses}
            was, was_false = base[p]
            outcome.before += len(was)
            outcome.after += len(now)
            outcome.false_before += sum(was_false.values())
            outcome.false_after += len(extras)
            for h in rep.hazards:
                if id(h) in was and id(h) not in now:
                    outcome.lost.append(f"{p.name}:{min(h.lines)}:{h.code}")
                if id(h) in now and id(h) not in was:
                    outcome.gained.append(f"{p.name}:{min(h.lines)}:{h.code}")
            extra_codes = collections.Counter(c for _, _, c in extras)
            for _, line, code in extras:  # a finding off the labels beyond those as written
                if extra_codes[code] > was_false[code]:
                    extra_codes[code] -= 1
                    outcome.new_false.append(f"{p.name} -> {where.get((line, code), line)}:{code}")
        if keep:
            dest = keep / name
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(tmp, dest)
        shutil.rmtree(tmp, ignore_errors=True)
        print(f"| {name} | {outcome.applied} | {sum(outcome.skipped.values())} | "
              f"{outcome.before} -> {outcome.after} | {len(outcome.lost)} | {len(outcome.new_false)} |")
        details.append((name, outcome))
    if show:
        for name, o in details:
            print(f"\n### {name}\nskipped: " + "; ".join(f"{k} {v}" for k, v in o.skipped.most_common()))
            print("lost:\n" + "".join(f"  {x}\n" for x in o.lost), end="")
            if o.gained:
                print("gained:\n" + "".join(f"  {x}\n" for x in o.gained), end="")
            print("new false findings:\n" + "".join(f"  {x}\n" for x in o.new_false), end="")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rewrite", action="append", choices=sorted(REWRITES),
                        help="run only these rewrites (repeatable; default all)")
    parser.add_argument("--folder", type=Path, default=measure.HERE / "dev",
                        help="the labelled modules to rewrite (default the dev half)")
    parser.add_argument("--list", action="store_true", help="print lost labels and new false findings")
    parser.add_argument("--keep", type=Path, help="copy each rewrite's folder to KEEP/Rn")
    args = parser.parse_args(argv)
    if "heldout" in args.folder.resolve().parts:
        raise SystemExit("the held-out half is for counts only: perturb the dev half")
    run(args.rewrite or sorted(REWRITES), args.folder.resolve(), args.keep, args.list)
    return 0


if __name__ == "__main__":
    sys.exit(main())
