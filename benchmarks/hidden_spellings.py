"""Spellings of ACC6's one property, composed along its axes and labelled by running them.

The property (docs/rules/ACC601.md .. ACC605.md): a value a trace reads when it is built (a
global, an attribute, a closed-over name, an attribute of a static argument or of a hashable
`self`) that the program changes after a trace was built and before a later call that reuses
that trace. Each program composes one choice per axis:

- WHAT the compiled function reads: a module global, an attribute of an imported module, an
  attribute of a module-level object, an attribute of a static argument, an attribute chain
  through a static argument, an attribute of a static `self`, of the `self` of a bound method
  wrapped in `__init__`, a closed-over variable, an item of a global dict or list, an identity
  test on a static argument (`h.current is h.left`), and (tf.function) a `tf.Variable` attribute
  of `self` replaced by a new one;
- WHO writes it: a module-level statement, a method of the object, a module-level function,
  another object's method, a loop body, a notebook cell (`# %%`);
- ORDER: before the first call, between two calls, after the last call, the compiled function
  defined again in between, a new wrapper application in between, the framework's cache reset
  in between, a set-up function before the first call (the value starts unset), a lazy
  initialisation on the first step, a loop that writes then calls, a loop that calls then writes;
- FRAMEWORK: jax.jit, tf.function, torch.compile.

Every program prints the float of each call of the compiled callable. Its label comes from
running it twice with the frameworks installed: compiled, and as its eager twin (jax under
`jax.disable_jit()`, tf.function under `tf.config.run_functions_eagerly(True)`, torch.compile
replaced by the identity). Different printed outputs: `# label: stale`; the same: `# label:
fine`. A program that fails in either run is not stored (the count is printed). acclint is never
asked. The programs are written to tests/data/spellings/hidden/<framework>/ with their labels,
so tests (tests/test_hidden_spellings.py) and `--measure` read them without any framework.

    python benchmarks/hidden_spellings.py --python /path/to/venv-with-jax-tf-torch/bin/python
    python benchmarks/hidden_spellings.py --measure      # acclint's recall and precision per axis
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import subprocess
import sys
import tempfile
import textwrap
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "spellings" / "hidden"
SETTINGS_MODULE = "spell_settings"  # the imported module whose attribute a program reads
LABEL = re.compile(r"^# label: (stale|fine)\b", re.M)
AXES = re.compile(r"^# spelling: framework=(\S+) what=(\S+) who=(\S+) order=(\S+)$", re.M)
READ = "# read"

FRAMEWORKS = ("jax", "tf", "torch")
HEADER = {
    "jax": "from functools import partial\n\nimport jax\nimport jax.numpy as jnp\n\nX = jnp.float32(1.0)\n",
    "tf": "import tensorflow as tf\n\nX = tf.constant(1.0)\n",
    "torch": "import torch\n\nX = torch.tensor(1.0)\n",
}
CLEAR = {"jax": "jax.clear_caches()", "torch": "torch._dynamo.reset()"}


def decorator(fw: str, static: int | None = None) -> str:
    if fw == "jax":
        return "@jax.jit" if static is None else f"@partial(jax.jit, static_argnums={static})"
    return "@tf.function" if fw == "tf" else "@torch.compile"


def wrap(fw: str, fn: str, static: int | None = None) -> str:
    if fw == "jax":
        return f"jax.jit({fn})" if static is None else f"jax.jit({fn}, static_argnums={static})"
    return f"tf.function({fn})" if fw == "tf" else f"torch.compile({fn})"


# -- what is read -------------------------------------------------------------------------------
@dataclass
class Read:
    """One hidden input: the state it lives in and how the compiled callable reads it.

    `state(fw, init)`: module-level lines making the state (`init`: "2.0", or "None" when it
    starts unset); `compiled(fw, rewrap, init)`: the lines defining the compiled callable (with `# read`
    on the line that reads the input), as a decorated def or (`rewrap`) a plain def wrapped by a
    call; `again(fw)`: the line applying a new wrapper (None: not applicable); `call`: the call
    expression; `unset`: the test of a lazy initialisation; `writes`: per writer, (definitions,
    the statement writing `{v}`); `enclosed`: the program runs inside `def main()`."""

    name: str
    frameworks: tuple[str, ...]
    state: callable
    compiled: callable
    again: callable
    call: str
    unset: str
    writes: dict
    method: bool = False  # the compiled callable is a method: no redefinition of it alone
    enclosed: bool = False


def _fn(fw: str, rewrap: bool, params: str, body: str, static: int | None = None, mark: str = f"  {READ}") -> list[str]:
    """The compiled `f` returning `body`; `mark`: what ends its return line (the read's mark,
    or nothing where the read lies in a method it calls)."""
    if rewrap:
        return [f"def f_impl({params}):", f"    return {body}{mark}", "", "", f"f = {wrap(fw, 'f_impl', static)}"]
    return [decorator(fw, static), f"def f({params}):", f"    return {body}{mark}"]


def _again(static: int | None = None):
    return lambda fw: f"f = {wrap(fw, 'f_impl', static)}"


def _holder(cls: str, attr: str, init: str, extra: list[str] = ()) -> list[str]:
    return [
        f"class {cls}:", "    def __init__(self):", f"        self.{attr} = {init}", *extra, "",
        f"    def set_{attr}(self, v):", f"        self.{attr} = v",
    ]


TUNER_GLOBAL = ["class Tuner:", "    def apply(self, v):", "        global SCALE", "        SCALE = v", "", "", "TUNER = Tuner()"]


def _valued(cls: str, init: str) -> list[str]:
    """A holder of `scale` whose method `value` reads it: the read a trace makes by calling it."""
    return [*_holder(cls, "scale", init), "", "    def value(self):", f"        return self.scale  {READ}"]


def _tuner(body: str) -> list[str]:
    return ["class Tuner:", "    def apply(self, target, v):", f"        {body}", "", "", "TUNER = Tuner()"]


def _setter(params: str, *body: str) -> list[str]:
    return [f"def set_scale({params}):", *(f"    {b}" for b in body)]


def _attribute_writes(obj: str, path: str = "", method: str = "set_scale") -> dict:
    """The writers of `obj{path}.scale` (`path`: `.inner` for a chain)."""
    return {
        "module": ([], f"{obj}{path}.scale = {{v}}"),
        "method": ([], f"{obj}{path}.{method}({{v}})"),
        "function": (_setter("o, v", f"o{path}.scale = v"), f"set_scale({obj}, {{v}})"),
        "other": (_tuner(f"target{path}.scale = v"), f"TUNER.apply({obj}, {{v}})"),
    }


READS = [
    Read(
        "global", FRAMEWORKS,
        state=lambda fw, init: [f"SCALE = {init}"],
        compiled=lambda fw, rewrap, init: _fn(fw, rewrap, "x", "x * SCALE"),
        again=_again(), call="f(X)", unset="SCALE is None",
        writes={
            "module": ([], "SCALE = {v}"),
            "function": (_setter("v", "global SCALE", "SCALE = v"), "set_scale({v})"),
            "other": (TUNER_GLOBAL, "TUNER.apply({v})"),
        },
    ),
    Read(
        "module_attr", FRAMEWORKS,
        state=lambda fw, init: [f"import {SETTINGS_MODULE}", *([f"{SETTINGS_MODULE}.scale = None"] if init == "None" else [])],
        compiled=lambda fw, rewrap, init: _fn(fw, rewrap, "x", f"x * {SETTINGS_MODULE}.scale"),
        again=_again(), call="f(X)", unset=f"{SETTINGS_MODULE}.scale is None",
        writes={
            "module": ([], f"{SETTINGS_MODULE}.scale = {{v}}"),
            "function": (_setter("v", f"{SETTINGS_MODULE}.scale = v"), "set_scale({v})"),
            "other": (_tuner(f"target.scale = v"), f"TUNER.apply({SETTINGS_MODULE}, {{v}})"),
        },
    ),
    Read(
        "global_attr", FRAMEWORKS,
        state=lambda fw, init: [*_holder("State", "scale", init), "", "", "STATE = State()"],
        compiled=lambda fw, rewrap, init: _fn(fw, rewrap, "x", "x * STATE.scale"),
        again=_again(), call="f(X)", unset="STATE.scale is None",
        writes=_attribute_writes("STATE"),
    ),
    Read(
        "object_method", FRAMEWORKS,
        state=lambda fw, init: [*_valued("State", init), "", "", "STATE = State()"],
        compiled=lambda fw, rewrap, init: _fn(fw, rewrap, "x", "x * STATE.value()", mark=""),
        again=_again(), call="f(X)", unset="STATE.scale is None",
        writes=_attribute_writes("STATE"),
    ),
    Read(
        "held_object", FRAMEWORKS,
        state=lambda fw, init: [*_valued("Env", init), "", "", "env = Env()"],
        compiled=lambda fw, rewrap, init: [
            "class Wrapper:", "    def __init__(self, inner):", "        self._env = inner", "",
            "        def run(x):", "            return x * self._env.value()", "",
            f"        self.run = {wrap(fw, 'run')}", "", "", "gym = Wrapper(env)",
        ],
        again=lambda fw: "gym = Wrapper(env)", call="gym.run(X)", unset="env.scale is None",
        writes=_attribute_writes("env"), method=True,
    ),
    Read(
        "static_arg", FRAMEWORKS,
        state=lambda fw, init: [*_holder("Config", "scale", init), "", "", "cfg = Config()"],
        compiled=lambda fw, rewrap, init: _fn(fw, rewrap, "x, c", "x * c.scale", static=1),
        again=_again(static=1), call="f(X, cfg)", unset="cfg.scale is None",
        writes=_attribute_writes("cfg"),
    ),
    Read(
        "chain", FRAMEWORKS,
        state=lambda fw, init: [
            *_holder("Inner", "scale", init), "", "",
            "class Config:", "    def __init__(self):", "        self.inner = Inner()", "", "", "cfg = Config()",
        ],
        compiled=lambda fw, rewrap, init: _fn(fw, rewrap, "x, c", "x * c.inner.scale", static=1),
        again=_again(static=1), call="f(X, cfg)", unset="cfg.inner.scale is None",
        writes=_attribute_writes("cfg", ".inner"),
    ),
    Read(
        "self_static", FRAMEWORKS,
        state=lambda fw, init: [],
        compiled=lambda fw, rewrap, init: [
            *_holder("Model", "scale", init), "",
            f"    {decorator(fw, static=0)}", "    def step(self, x):", f"        return x * self.scale  {READ}", "", "",
            "obj = Model()",
        ],
        again=lambda fw: None, call="obj.step(X)", unset="obj.scale is None",
        writes=_attribute_writes("obj"), method=True,
    ),
    Read(
        "bound_self", FRAMEWORKS,
        state=lambda fw, init: [],
        compiled=lambda fw, rewrap, init: [
            *_holder("Model", "scale", init, [f"        self.step = {wrap(fw, 'self._step')}"]), "",
            "    def _step(self, x):", f"        return x * self.scale  {READ}", "", "",
            "obj = Model()",
        ],
        again=lambda fw: f"obj.step = {wrap(fw, 'obj._step')}", call="obj.step(X)", unset="obj.scale is None",
        writes=_attribute_writes("obj"), method=True,
    ),
    Read(
        "weights_variable", ("tf",),
        state=lambda fw, init: [],
        compiled=lambda fw, rewrap, init: [
            "class Model:", "    def __init__(self):",
            "        self.weights = None" if init == "None" else "        self.weights = tf.Variable(2.0)", "",
            "    def set_scale(self, v):", "        self.weights = tf.Variable(v)", "",
            "    @tf.function", "    def step(self, x):", f"        return x * self.weights  {READ}", "", "",
            "obj = Model()",
        ],
        again=lambda fw: None, call="obj.step(X)", unset="obj.weights is None",
        writes={
            "module": ([], "obj.weights = tf.Variable({v})"),
            "method": ([], "obj.set_scale({v})"),
            "function": (_setter("o, v", "o.weights = tf.Variable(v)"), "set_scale(obj, {v})"),
            "other": (_tuner("target.weights = tf.Variable(v)"), "TUNER.apply(obj, {v})"),
        },
        method=True,
    ),
    Read(
        "closure", FRAMEWORKS,
        state=lambda fw, init: [f"scale = {init}"],
        compiled=lambda fw, rewrap, init: _fn(fw, rewrap, "x", "x * scale"),
        again=_again(), call="f(X)", unset="scale is None",
        writes={
            "module": ([], "scale = {v}"),
            "function": (["def set_scale(v):", "    nonlocal scale", "    scale = v"], "set_scale({v})"),
        },
        enclosed=True,
    ),
    Read(
        "dict_item", FRAMEWORKS,
        state=lambda fw, init: [f'CFG = {{"scale": {init}}}'],
        compiled=lambda fw, rewrap, init: _fn(fw, rewrap, "x", 'x * CFG["scale"]'),
        again=_again(), call="f(X)", unset='CFG["scale"] is None',
        writes={
            "module": ([], 'CFG["scale"] = {v}'),
            "function": (_setter("v", "CFG.update(scale=v)"), "set_scale({v})"),
            "other": (_tuner('target["scale"] = v'), "TUNER.apply(CFG, {v})"),
        },
    ),
    Read(
        "list_item", FRAMEWORKS,
        state=lambda fw, init: [f"COEFS = [{init}]"],
        compiled=lambda fw, rewrap, init: _fn(fw, rewrap, "x", "x * COEFS[0]"),
        again=_again(), call="f(X)", unset="COEFS[0] is None",
        writes={
            "module": ([], "COEFS[0] = {v}"),
            "function": (_setter("v", "COEFS[:] = [v]"), "set_scale({v})"),
            "other": (_tuner("target[0] = v"), "TUNER.apply(COEFS, {v})"),
        },
    ),
    Read(
        "identity", FRAMEWORKS,
        state=lambda fw, init: [
            "class Holder:", "    def __init__(self):", "        self.left = object()", "        self.right = object()",
            f"        self.current = {'None' if init == 'None' else 'self.left'}", "",
            "    def switch(self):", "        self.current = self.right if self.current is self.left else self.left", "", "",
            "H = Holder()",
        ],
        compiled=lambda fw, rewrap, init: _fn(fw, rewrap, "x, h", "x * (2.0 if h.current is h.left else 3.0)", static=1),
        again=_again(static=1), call="f(X, H)", unset="H.current is None",
        writes={
            "module": ([], "H.current = H.right if H.current is H.left else H.left"),
            "method": ([], "H.switch()"),
            "function": (["def switch(h):", "    h.current = h.right if h.current is h.left else h.left"], "switch(H)"),
            "other": (["class Tuner:", "    def apply(self, h):", "        h.switch()", "", "", "TUNER = Tuner()"], "TUNER.apply(H)"),
        },
    ),
]

# -- who writes and in which order ------------------------------------------------------------
WHO = ("module", "method", "function", "other", "loop", "notebook")
ORDERS = ("before", "between", "after", "redefined", "rewrap", "clear", "setup", "lazy", "loop_write_call", "loop_call_write")
UNSET_ORDERS = {"setup", "lazy"}
# The writers composed per framework: every one for jax; tf and torch programs take seconds to
# trace or compile each, so they get fewer writers (tf: the module statement, a method, a function; torch: the first two).
WRITERS_RUN = {"jax": WHO, "tf": ("module", "method", "function"), "torch": ("module", "method")}  # the value starts unset (None)


def compose(read: Read, fw: str, who: str, order: str) -> str | None:
    """The program for one choice per axis, or None where the choice does not apply."""
    base_who = {"loop": "module", "notebook": "module"}.get(who, who)
    if fw not in read.frameworks or base_who not in read.writes:
        return None
    if read.enclosed and who == "notebook":
        return None
    if order == "redefined" and read.method or order == "rewrap" and read.again(fw) is None:
        return None
    if order == "clear" and fw not in CLEAR:
        return None
    init = "None" if order in UNSET_ORDERS else "2.0"
    definitions, write = read.writes[base_who]
    rewrap = order == "rewrap" and not read.method
    compiled = read.compiled(fw, rewrap, init)

    def writes(v: str) -> list[str]:
        line = write.format(v=v)
        return [f"for v_ in [{v}]:", f"    {write.format(v='v_')}"] if who == "loop" else [line]

    call = [f"print(float({read.call}))"]
    loop_values = "(2.0, 3.0, 4.0)" if order == "loop_write_call" else "(3.0, 4.0)"
    steps = {
        "before": [writes("3.0"), call, call],
        "between": [call, writes("3.0"), call],
        "after": [call, call, writes("3.0")],
        "redefined": [call, writes("3.0"), compiled if not rewrap else [], call],
        "rewrap": [call, writes("3.0"), [read.again(fw) or ""], call],
        "clear": [call, writes("3.0"), [CLEAR.get(fw, "")], call],
        "setup": [writes("3.0"), call, call],
        "lazy": [["for step in range(3):", f"    if {read.unset}:", *(f"        {w}" for w in writes("3.0")), *(f"    {c}" for c in call)]],
        "loop_write_call": [[f"for v in {loop_values}:", *(f"    {w}" for w in writes("v")), *(f"    {c}" for c in call)]],
        "loop_call_write": [[f"for v in {loop_values}:", *(f"    {c}" for c in call), *(f"    {w}" for w in writes("v"))]],
    }[order]
    if order == "setup" and base_who == "module":
        return None  # a set-up function or method: the module statement is `before`
    blocks = [read.state(fw, init), compiled, definitions] if not read.enclosed else [definitions]
    head = f"# spelling: framework={fw} what={read.name} who={who} order={order}\n"
    if read.enclosed:
        body = [*read.state(fw, init), "", *compiled, "", *definitions, "", *[line for step in steps for line in step]]
        text = HEADER[fw] + "\n\n" + "def main():\n" + textwrap.indent("\n".join(body), "    ") + "\n\n\nmain()\n"
        return head + _blank_lines(text)
    parts = ["\n".join(b) for b in blocks if b]
    sep = "\n\n# %%\n" if who == "notebook" else "\n\n\n"
    statements = ["\n".join(step) for step in steps if step]
    text = HEADER[fw] + "\n\n" + sep.join(parts) + ("\n\n# %%\n" if who == "notebook" else "\n\n\n") + ("\n# %%\n" if who == "notebook" else "\n").join(statements) + "\n"
    return head + _blank_lines(text)


def _blank_lines(text: str) -> str:
    lines = [line.rstrip() for line in text.splitlines()]
    return "\n".join(lines).replace("\n\n\n\n", "\n\n\n") + "\n"


def programs(whats: set[str] | None = None) -> dict[str, str]:
    """Every composed program by its relative path (`jax/global-module-between.py`); with
    `whats`, only those reading one of them."""
    found = {}
    for fw in FRAMEWORKS:
        for read in READS:
            if whats is not None and read.name not in whats:
                continue
            for who in WHO:
                for order in ORDERS:
                    if who not in ("module",) and order in ("redefined", "rewrap", "clear"):
                        continue  # those orders are about the cache, not the writer: one writer suffices
                    if who not in WRITERS_RUN[fw]:
                        continue
                    source = compose(read, fw, who, order)
                    if source is not None:
                        found[f"{fw}/{read.name}-{who}-{order}.py"] = source
    return found


# -- labelling by running -----------------------------------------------------------------------
def _run_one(source: str, fw: str, eager: bool) -> list[str]:
    """The printed lines of `source` run compiled or as its eager twin, in a fresh namespace."""
    here = Path.cwd()  # the programs' folder: their own modules are imported afresh for each run
    for name, module in list(sys.modules.items()):
        if getattr(module, "__file__", None) and Path(module.__file__).parent == here:
            sys.modules.pop(name)
    out = io.StringIO()
    namespace = {"__name__": "__spelling__"}
    with contextlib.redirect_stdout(out):
        if fw == "jax":
            import jax

            with jax.disable_jit() if eager else contextlib.nullcontext():
                exec(compile(source, "<spelling>", "exec"), namespace)
        elif fw == "tf":
            import tensorflow as tf

            tf.config.run_functions_eagerly(eager)
            try:
                exec(compile(source, "<spelling>", "exec"), namespace)
            finally:
                tf.config.run_functions_eagerly(False)
        else:
            import torch

            real = torch.compile
            if eager:
                torch.compile = lambda fn=None, **kw: fn if fn is not None else (lambda g: g)
            try:
                torch._dynamo.reset()
                exec(compile(source, "<spelling>", "exec"), namespace)
            finally:
                torch.compile = real
    return out.getvalue().split()


def worker(fw: str, paths: list[str]) -> None:
    """Run each program compiled and eagerly; print one JSON line per program."""
    import logging
    import os
    import warnings

    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    for path in paths:
        source = Path(path).read_text()
        try:
            compiled = _run_one(source, fw, eager=False)
            eager = _run_one(source, fw, eager=True)
            result = {"path": path, "compiled": compiled, "eager": eager}
        except Exception as error:  # the program does not run: not stored
            result = {"path": path, "error": f"{type(error).__name__}: {error}"[:300]}
        print(json.dumps(result), flush=True)


def _run(python: str, found: dict[str, str], modules: dict[str, str]) -> dict[str, dict]:
    """Run each program (by its relative path) compiled and eagerly in `python`, beside the
    modules it imports (`modules`: file name to source); per program its printed outputs or
    its error."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp_dir = Path(tmp)
        for name, text in modules.items():
            (tmp_dir / name).write_text(text)
        by_fw = defaultdict(list)
        for rel, source in found.items():
            path = tmp_dir / rel.replace("/", "__")
            path.write_text(source)
            by_fw[rel.split("/")[0]].append((rel, str(path)))
        results = {}
        for fw, items in by_fw.items():
            env_path = {"PYTHONPATH": f"{tmp_dir}:{ROOT / 'benchmarks'}"}
            proc = subprocess.run(
                [python, "-c", f"import hidden_spellings as h, sys; h.worker({fw!r}, sys.argv[1:])", *(p for _, p in items)],
                capture_output=True, text=True, env={**_env(), **env_path}, cwd=tmp_dir,
            )
            by_path = {json.loads(line)["path"]: json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")}
            for rel, path in items:
                results[rel] = by_path.get(path, {"error": f"no result (worker rc {proc.returncode}): {proc.stderr[-300:]}"})
    return results


def _store(root: Path, found: dict[str, str], results: dict[str, dict]) -> None:
    """Write each program that ran under `root` with the label its two runs give; print the
    counts and the programs that failed."""
    counts, errors = Counter(), []
    for rel, source in sorted(found.items()):
        result = results[rel]
        if "error" in result:
            errors.append(f"{rel}: {result['error']}")
            continue
        stale = result["compiled"] != result["eager"]
        label = "stale" if stale else "fine"
        counts[(rel.split("/")[0], label)] += 1
        mark = f"# label: {label} (compiled prints {' '.join(result['compiled'])}; eager prints {' '.join(result['eager'])})\n"
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(source.replace("\n", "\n" + mark, 1))
    for fw in FRAMEWORKS:
        print(f"{fw}: {counts[(fw, 'stale')]} stale, {counts[(fw, 'fine')]} fine")
    print(f"{len(errors)} programs failed to run and were not stored")
    for line in errors:
        print("  " + line)


def generate(python: str, whats: set[str] | None = None) -> None:
    """Compose, run and store the programs (with `whats`, only those reading one of them,
    leaving the others stored as they are)."""
    found = programs(whats)
    results = _run(python, found, {f"{SETTINGS_MODULE}.py": SETTINGS_SOURCE})
    if OUT.exists():
        for old in OUT.rglob("*.py"):
            axes = AXES.search(old.read_text())
            if whats is None or axes is not None and axes.group(2) in whats:
                old.unlink()
    _store(OUT, found, results)
    (OUT / f"{SETTINGS_MODULE}.py").write_text(SETTINGS_SOURCE)


def relabel(python: str, root: Path) -> None:
    """Label (again) the hand-written programs stored under `root/<framework>/`: run each
    beside the modules stored in `root` itself, and store its label from the two runs (a
    program that fails to run is left as it is)."""
    found = {}
    for path in sorted(root.glob("*/*.py")):
        lines = path.read_text().splitlines(keepends=True)
        found[path.relative_to(root).as_posix()] = "".join(line for line in lines if not line.startswith("# label:"))
    modules = {path.name: path.read_text() for path in root.glob("*.py")}
    _store(root, found, _run(python, found, modules))


SETTINGS_SOURCE = '"""The module whose attribute the `module_attr` spellings read and write."""\n\nscale = 2.0\n'


def _env() -> dict:
    import os

    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}


# -- measuring acclint ------------------------------------------------------------------------
@dataclass
class Labelled:
    path: Path
    source: str
    framework: str
    what: str
    who: str
    order: str
    stale: bool
    read_line: int


def stored(root: Path = OUT) -> list[Labelled]:
    """The labelled programs stored under `root` (the composed set unless told)."""
    found = []
    for path in sorted(root.glob("*/*.py")):
        source = path.read_text()
        axes, label = AXES.search(source), LABEL.search(source)
        read_line = next(i for i, line in enumerate(source.splitlines(), 1) if line.endswith(READ))
        found.append(Labelled(path, source, *axes.groups(), label.group(1) == "stale", read_line))
    return found


def judge(program: Labelled) -> tuple[bool, bool]:
    """(flagged, on_read): whether acclint reports any ACC6 finding in the program, and one at
    the line that reads the hidden input."""
    from acclint.api import lint_text

    result = lint_text(program.source, program.path.name)
    if result.error is not None:
        raise RuntimeError(f"{program.path}: {result.error}")
    lines = {f.line for f in result.findings if f.code.startswith("ACC6")}
    return bool(lines), program.read_line in lines


def measure(show: bool = False, root: Path = OUT) -> dict:
    """Per framework and axis value, a Counter of stale and fine programs, `tp` (stale programs
    with an ACC6 finding at the line that reads the hidden input) and `fp` (programs with an
    ACC6 finding that is not that: a fine program flagged, or a stale one flagged elsewhere)."""
    tally = defaultdict(Counter)
    misses, false = [], []
    for program in stored(root):
        flagged, on_read = judge(program)
        found = program.stale and on_read
        keys = ["all", f"what={program.what}", f"who={program.who}", f"order={program.order}"]
        for key in keys:
            for column in ("all", program.framework):
                t = tally[(key, column)]
                t["stale"] += program.stale
                t["fine"] += not program.stale
                t["tp"] += found
                t["fp"] += flagged and not found
        if program.stale and not on_read:
            misses.append(program.path.relative_to(root))
        if flagged and not found:
            false.append(program.path.relative_to(root))
    if show:
        for name, items in (("missed", misses), ("false", false)):
            print(f"{name} ({len(items)}):")
            for item in items:
                print(f"  {item}")
    return tally


def recall_precision(t: Counter) -> tuple[float | None, float | None]:
    flagged = t["tp"] + t["fp"]
    return (t["tp"] / t["stale"] if t["stale"] else None, t["tp"] / flagged if flagged else None)


def table(tally: dict) -> str:
    """Rows: axis values; per framework and overall, `found/stale` and the false findings."""
    columns = ["all", *FRAMEWORKS]
    rows = [
        "| axis value | " + " | ".join(f"{c}: found/stale | {c}: false/fine" for c in columns) + " | recall | precision |",
        "|---|" + "---|---|" * len(columns) + "---|---|",
    ]
    order = {"all": 0, "what": 1, "who": 2, "order": 3}
    values = {"what": [r.name for r in READS], "who": list(WHO), "order": list(ORDERS)}

    def rank(key: str) -> tuple:
        axis, _, value = key.partition("=")
        known = values.get(axis, [])
        return (order[axis], known.index(value) if value in known else len(known), value)

    keys = sorted({k for k, _ in tally}, key=rank)
    for key in keys:
        cells = []
        for column in columns:
            t = tally.get((key, column), Counter())
            cells.append(f"{t['tp']}/{t['stale']} | {t['fp']}/{t['fine']}")
        recall, precision = recall_precision(tally[(key, "all")])
        show = lambda x: "-" if x is None else f"{x:.2f}"
        rows.append(f"| {key} | " + " | ".join(cells) + f" | {show(recall)} | {show(precision)} |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", help="a Python with jax, tensorflow and torch: generate and label the programs")
    parser.add_argument("--what", action="append", help="with --python: only the programs reading this (repeatable)")
    parser.add_argument("--measure", action="store_true", help="acclint's recall and precision on the stored programs")
    parser.add_argument("--show", action="store_true", help="with --measure: list the misses and false findings")
    parser.add_argument("--dir", type=Path, help="hand-written programs stored there instead of the composed set: --python labels them, --measure reads them")
    args = parser.parse_args()
    if args.python:
        relabel(args.python, args.dir) if args.dir else generate(args.python, set(args.what) if args.what else None)
    if args.measure:
        print(table(measure(args.show, args.dir or OUT)))


if __name__ == "__main__":
    main()
