"""The project index reads what a module's functions return off the hand-offs' one walk of the
module (acclint.analysis.wrappers.ModuleWalk.own): only a module-level function's own body
counts, and a name resolves as the import table resolves a `cst.Name`."""

import ast
import textwrap

import libcst as cst

from acclint.analysis.names import ImportTable
from acclint.analysis.project import FileIndex

DATASET = "tensorflow.data.TFRecordDataset"


def _returns(source: str) -> dict:
    return FileIndex.of(ast.parse(textwrap.dedent(source))).returns


def test_a_returned_call_through_a_rebound_name_is_read_once():
    found = _returns("""
        import tensorflow as tf
        def load(path):
            ds = tf.data.TFRecordDataset(path)
            ds = ds.batch(8)
            return ds
    """)
    assert found == {"load": ((DATASET, False),)}


def test_a_chained_method_on_the_call_is_noted():
    found = _returns("""
        import tensorflow as tf
        async def load(path):
            return tf.data.TFRecordDataset(path).shuffle(10)
    """)
    assert found == {"load": ((DATASET, True),)}


def test_a_nested_generator_does_not_make_its_function_one():
    found = _returns("""
        import tensorflow as tf
        def load(path):
            def rows():
                yield 1
            return tf.data.TFRecordDataset(path)
    """)
    assert found == {"load": ((DATASET, False),)}


def test_a_yield_of_its_own_body_does():
    assert _returns("""
        import tensorflow as tf
        def load(path):
            if path:
                yield 1
            return tf.data.TFRecordDataset(path)
    """) == {}


def test_returns_of_nested_functions_lambdas_and_classes_are_not_its_own():
    assert _returns("""
        import tensorflow as tf
        def a(path):
            def inner():
                return tf.data.TFRecordDataset(path)
            return inner
        def b(path):
            make = lambda: tf.data.TFRecordDataset(path)
            return make
        def c(path):
            class Holder:
                ds = tf.data.TFRecordDataset(path)
                def get(self):
                    return tf.data.TFRecordDataset(path)
            return Holder
    """) == {}


def test_an_assignment_in_a_nested_function_is_not_followed():
    assert _returns("""
        import tensorflow as tf
        def load(path):
            def inner():
                ds = tf.data.TFRecordDataset(path)
            return ds
    """) == {}


def test_each_function_of_one_name_is_read():
    """Two defs of one name: the one that makes the object is read, the other adds nothing."""
    found = _returns("""
        import tensorflow as tf
        def load(path):
            return tf.data.TFRecordDataset(path)
        def load(path):
            return 3
    """)
    assert found == {"load": ((DATASET, False),)}


def test_methods_are_no_module_level_functions():
    assert _returns("""
        import tensorflow as tf
        class Loader:
            def load(self, path):
                return tf.data.TFRecordDataset(path)
    """) == {}


def test_resolve_dotted_resolves_as_a_name_does():
    table = ImportTable()
    for statement in ast.parse("import numpy as np\nfrom jax import jit\nfrom a import f\nfrom b import f\n").body:
        table.bind_statement(statement)
    for first in ("np", "jit", "f", "local"):
        expected = table.resolve(cst.Attribute(cst.Name(first), cst.Name("x")))
        assert table.resolve_dotted(f"{first}.x") == expected
        assert table.resolve_dotted(first) == table.resolve(cst.Name(first))
    assert table.resolve_dotted("np.random.rand") == "numpy.random.rand"
    assert table.resolve_dotted("f.x") == "f.x"  # bound twice, to different names: itself
