"""bindings.attributes_written, the statement-only walk ACC602's attribute reads ask before the
bindings are built: it must name every attribute the bindings' own walk records as written (an
"attr" event), or a read of that attribute would lose its finding; and where the language
server views the bindings (to ask each question again after an edit), the rules must still ask
them."""

from pathlib import Path

import libcst as cst
import pytest

from acclint.analysis.bindings import attributes_written
from acclint.analysis.module import ModuleAnalysis
from acclint.api import lint_text, options_for
from acclint.run.config import Settings

ROOT = Path(__file__).resolve().parent.parent

WRITES = '''
import jax

class Box:
    def __init__(self):
        self.plain = 1
        self.annotated: int = 2
        self.bare: int

def tune(box, boxes):
    box.stepped += 1
    (box.left, [box.right, *box.rest]) = 1, [2, 3, 4]
    for box.counter in range(3):
        pass
    del box.gone
    with open("f") as box.handle:  # no assignment of an attribute the bindings record
        pass
    boxes[0].item = 5
    if box:
        while True:
            try:
                box.nested = 6
            except ValueError:
                box.handled = 7
            finally:
                box.finally_ = 8
    box.read_only.method()
    lambda: box.in_lambda
    return [box.comp for box.comp_target in boxes]
'''


def test_every_kind_of_attribute_write_is_named():
    assert attributes_written(cst.parse_module(WRITES)) == {
        "plain", "annotated", "bare", "stepped", "left", "right", "rest", "counter", "gone", "item", "nested", "handled",
        "finally_",
    }


# The fixtures, and the hidden-input spellings (tests/data/spellings/hidden: every way the
# sets write an attribute, by a method, a function, module-level code, through a chain...).
SOURCES = sorted((ROOT / "fixtures").glob("*.py")) + sorted((ROOT / "tests" / "data" / "spellings" / "hidden").glob("*/*.py"))


@pytest.mark.parametrize("folder", sorted({path.parent for path in SOURCES}), ids=lambda p: str(p.relative_to(ROOT)))
def test_it_names_every_write_the_bindings_record(folder):
    markers = options_for(Settings()).markers
    checked = 0
    for path in (p for p in SOURCES if p.parent == folder):
        module = cst.parse_module(path.read_bytes())
        recorded = {event.name for event in ModuleAnalysis(module, markers).bindings.events if event.kind == "attr"}
        assert recorded <= attributes_written(module), path
        checked += bool(recorded)
    assert checked  # each folder has modules that write attributes


STALE_READ = '''
import jax

class Settings:
    pass

SETTINGS = Settings()
SETTINGS.scale = 2.0

@jax.jit
def f(x):
    return x * SETTINGS.scale

f(1.0)
{write}
f(1.0)
'''


def test_a_read_is_found_only_where_something_writes_it():
    found = [f.code for f in lint_text(STALE_READ.format(write="SETTINGS.scale = 3.0")).findings if f.code.startswith("ACC6")]
    assert found == ["ACC602"]
    assert not [f for f in lint_text(STALE_READ.format(write="print(SETTINGS.scale)")).findings if f.code.startswith("ACC6")]


def test_where_the_bindings_are_viewed_the_question_reaches_them():
    analysis = ModuleAnalysis(cst.parse_module(STALE_READ.format(write="")), options_for(Settings()).markers)
    assert not analysis.may_write_attribute("unwritten")
    analysis.view_bindings(lambda bindings: bindings)
    assert analysis.may_write_attribute("unwritten")
