"""What a name in a module refers to, after its imports.

Rules and context markers are written with fully qualified names (`jax.numpy.where`,
`numpy.random.normal`, `acclint.runtime.dlaccelerate`); the source spells them through aliases
(`import jax.numpy as jnp`, `from jax import jit as compile_fn`, `j = jax`). `ImportTable`
resolves a spelling back to the qualified name, without importing anything.

A call expression resolves to its callee's name plus `()`, so a module-level generator
`rng = np.random.default_rng(0)` makes `rng.normal` resolve to
`numpy.random.default_rng().normal`: data tables can name methods of objects made by a known
factory (a random generator, a logger) the same way they name functions.
"""

from __future__ import annotations

import ast

import libcst as cst

from acclint.analysis.walk import walk_body

from acclint.parse.lazy_imports import lazily_loaded

# Names a `from acclint.runtime import *` brings in (its `__all__`; the engine never imports the
# runtime, and tests/test_names.py keeps this list equal to it).
_STAR_EXPORTS = {
    "acclint.runtime": (
        "Acceleratable", "AcceleratedFunction", "AccelerationCheckWarning",
        "AccelerationHazardError", "AdditionLayer", "AveragePooling2DLayer",
        "BatchNormalizationLayer", "BiLSTMLayer", "CacheFullWarning", "ConcatenationLayer",
        "Convolution2DLayer", "DepthConcatenationLayer", "DropoutLayer", "EmbeddingLayer",
        "FeatureInputLayer", "FlattenLayer", "FullyConnectedLayer", "GELULayer", "GRULayer",
        "GlobalAveragePooling2DLayer", "GroupNormalizationLayer", "Hazard", "HazardLog",
        "ImageInputLayer", "InstanceNormalizationLayer", "LSTMLayer", "Layer", "LayerGraph",
        "LayerNormalizationLayer", "LeakyReLULayer", "MaxPooling2DLayer", "ReLULayer",
        "RetraceWarning", "SelfAttentionLayer", "SequenceInputLayer", "SigmoidLayer",
        "SoftmaxLayer", "TanhLayer", "TrainingProgressMonitor", "TransposedConvolution2DLayer",
        "acos", "acosh", "adamupdate", "addLayers", "arrayDatastore", "asin", "asinh", "atan",
        "atan2", "atanh", "attention", "avgpool", "batchnorm", "cat", "ceil", "circshift",
        "clearCache", "combine", "conj", "connectLayers", "cos", "cosh", "crossentropy", "cumprod",
        "cumsum", "dims", "dlaccelerate", "dlarray", "dlconv", "dlfeval", "dlgradient",
        "dlnetwork", "dltranspconv", "dlupdate", "double", "dropout", "embed", "erf", "erfc",
        "exp", "expm1", "extractdata", "finddim", "fix", "flatten", "flip", "floor", "forward",
        "fullyconnect", "gather", "gelu", "groupnorm", "gru", "hasdata", "huber", "hypot", "ifelse", "imag",
        "initialize", "instancenorm", "isfinite", "isinf", "isnan", "l1loss", "l2loss",
        "layernorm", "leakyrelu", "log", "log10", "log1p", "log2", "lstm", "maxpool", "mean",
        "minibatchqueue", "mod", "mse", "ndims", "numel", "onehotdecode", "onehotencode", "ones",
        "padsequences", "pagemtimes", "permute", "power", "predict", "prod", "rand", "randi",
        "randn", "real", "recordMetrics", "record_hazards", "relu", "rem", "repmat", "reset",
        "resetState", "rmspropupdate", "rng", "sgdmupdate", "shuffle", "sigmoid", "sign", "sin",
        "single", "sinh", "size", "softmax", "sort", "sqrt", "squeeze", "std", "stripdims", "tan",
        "tanh", "trainingProgressMonitor", "updateInfo", "var", "where", "zeros",
    ),
}


def _gives_globals(value: cst.BaseExpression) -> bool:
    """Whether `value` is a call given `globals()` second (what a lazy loader is given)."""
    if not isinstance(value, cst.Call) or len(value.args) < 3:
        return False
    scope = value.args[1].value
    return isinstance(scope, cst.Call) and isinstance(scope.func, cst.Name) and scope.func.value == "globals"


def dotted_name(node: cst.BaseExpression) -> str | None:
    """The dotted spelling of a Name/Attribute chain (`jax.numpy.where`), else None."""
    parts: list[str] = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if not isinstance(node, cst.Name):
        return None
    parts.append(node.value)
    return ".".join(reversed(parts))


def _unset_flag(test: cst.BaseExpression) -> str | None:
    """The name (or attribute chain) a test asks is unset: `F` of `not F`, `F is None`,
    `F is False`: a lazy initialisation's guard, when the guarded code then sets `F`."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return dotted_name(test.expression)
    if (
        isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.Is)
        and isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value in ("None", "False")
    ):
        return dotted_name(test.left)
    return None


def once_block(branch: cst.If) -> str | None:
    """The flag of a block that runs only while the flag is unset and sets it (`if not
    self._initialized: ...; self._initialized = True`, `if step is None: step = jax.jit(f)`):
    its body runs once, the first time it is reached. None for any other `if`."""
    flag = _unset_flag(branch.test)
    if flag is None:
        return None
    for node in walk_body(branch.body):
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target] if isinstance(node, cst.AnnAssign) else []
        if any(dotted_name(t) == flag for t in targets):
            return flag
    return None


def module_name(node: cst.BaseExpression | None) -> str:
    """The dotted module of an `import`/`from` statement (relative dots kept)."""
    if node is None:
        return ""
    return dotted_name(node) or ""


class ImportTable:
    """Maps local names to the qualified names they were imported or aliased as."""

    def __init__(self) -> None:
        self._names: dict[str, str] = {}
        self._ambiguous: set[str] = set()

    def add_import(self, node: cst.Import) -> None:
        for alias in node.names:
            asname = alias.asname.name.value if alias.asname is not None and isinstance(alias.asname.name, cst.Name) else None
            self.bind_import(dotted_name(alias.name) or "", asname)

    def add_import_from(self, node: cst.ImportFrom) -> None:
        module = "." * len(node.relative) + module_name(node.module)
        if isinstance(node.names, cst.ImportStar):
            self.bind_import_from(module, None)
            return
        self.bind_import_from(module, [
            (dotted_name(alias.name) or "", alias.asname.name.value if alias.asname is not None and isinstance(alias.asname.name, cst.Name) else None)
            for alias in node.names
        ])

    def bind_statement(self, statement: ast.AST) -> None:
        """An `import` or `from ... import` statement of an `ast` tree (the project index, the
        wrapper inference and installed libraries read files with `ast`), or a lazy loader of a
        module bound to a name (acclint.parse.lazy_imports); others bind nothing."""
        if type(statement) is ast.Import:
            for alias in statement.names:
                self.bind_import(alias.name, alias.asname)
        elif type(statement) is ast.ImportFrom:
            names = [(a.name, a.asname) for a in statement.names]
            self.bind_import_from("." * statement.level + (statement.module or ""), None if names == [("*", None)] else names)
        elif type(statement) is ast.Assign and len(statement.targets) == 1 and type(statement.targets[0]) is ast.Name:
            local = statement.targets[0].id
            module = lazily_loaded(local, statement.value)
            if module is not None:
                self.bind_import(module, local)

    def bind_import(self, full: str, asname: str | None) -> None:
        """`import full` or `import full as asname` (spelt as strings: the project index
        reads them off the `ast` tree)."""
        if asname is not None:
            self._bind(asname, full)
        else:
            root = full.split(".", 1)[0]
            self._bind(root, root)

    def bind_import_from(self, module: str, names: list[tuple[str, str | None]] | None) -> None:
        """`from module import name as asname, ...` (`module` with its relative dots; None
        for `import *`)."""
        if names is None:
            for name in _STAR_EXPORTS.get(module, ()):
                self._bind(name, f"{module}.{name}")
            return
        for name, asname in names:
            # `from . import x` is `.x` (its module part is all dots), `from .m import x` `.m.x`
            self._bind(asname or name, f"{module}.{name}" if module.strip(".") else module + name)

    def add_alias(self, local: str, value: cst.BaseExpression) -> None:
        """Record `local = value` when `value` resolves through an import (`jit = jax.jit`), or
        loads a module lazily (acclint.parse.lazy_imports)."""
        if _gives_globals(value):  # rare: read as `ast` once
            try:
                module = lazily_loaded(local, ast.parse(cst.Module([]).code_for_node(value).strip(), mode="eval").body)
            except (SyntaxError, ValueError, RecursionError, MemoryError):  # syntax newer than this Python's `ast`
                module = None
            if module is not None:
                self.bind_import(module, local)
                return
        if local in self._names and local not in self._ambiguous:
            qualified = self.resolve(value)
            if qualified != self._names[local]:
                self._ambiguous.add(local)
            return
        qualified = self.resolve(value)
        if qualified is not None and self._is_imported(value):
            self._bind(local, qualified)

    def is_imported(self, node: cst.BaseExpression) -> bool:
        """Whether the root name of a Name/Attribute/Call chain was bound by an import."""
        return self._is_imported(node)

    def _is_imported(self, node: cst.BaseExpression) -> bool:
        while isinstance(node, (cst.Attribute, cst.Call)):
            node = node.value if isinstance(node, cst.Attribute) else node.func
        return isinstance(node, cst.Name) and node.value in self._names

    def _bind(self, local: str, qualified: str) -> None:
        previous = self._names.get(local)
        if previous is not None and previous != qualified:
            self._ambiguous.add(local)
        self._names[local] = qualified

    def resolve(self, node: cst.BaseExpression) -> str | None:
        """Qualified name of a Name/Attribute/Call chain; a local name resolves to itself."""
        kind = type(node)  # by identity: isinstance on libcst's ABCs costs more (no subclasses in a parse)
        if kind is cst.Name:
            if node.value in self._ambiguous:
                return node.value
            return self._names.get(node.value, node.value)
        if kind is cst.Attribute:
            base = self.resolve(node.value)
            return None if base is None else f"{base}.{node.attr.value}"
        if kind is cst.Call:
            base = self.resolve(node.func)
            return None if base is None else f"{base}()"
        return None

    def resolve_dotted(self, name: str) -> str | None:
        """What a dotted name as the module spells it (`struct.field`) stands for: its first name
        resolved as `resolve` resolves a `cst.Name`, without making one (the `ast` passes of the
        project index ask this of every call they read, and a libcst node validates itself)."""
        first, dot, rest = name.partition(".")
        base = first if first in self._ambiguous else self._names.get(first, first)
        return base + dot + rest

    def bound_names(self) -> frozenset[str]:
        return frozenset(self._names)

    def with_names(self, names: dict[str, str]) -> ImportTable:
        """This table with `names` (local name -> qualified name) bound too: a function's view,
        where a parameter stands for a module (acclint.analysis.module_defaults)."""
        if not names:
            return self
        table = ImportTable()
        table._names = {**self._names, **names}
        table._ambiguous = self._ambiguous - names.keys()
        return table

    def same_bindings(self, other: ImportTable) -> bool:
        """Whether `other` resolves every expression as this table does."""
        return self._names == other._names and self._ambiguous == other._ambiguous


def literal_int(node: cst.BaseExpression) -> int | None:
    """The value of an integer literal, negative ones (`-1`) included; None for anything else."""
    if isinstance(node, cst.Integer):
        return node.evaluated_value
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) and isinstance(node.expression, cst.Integer):
        return -node.expression.evaluated_value
    return None
