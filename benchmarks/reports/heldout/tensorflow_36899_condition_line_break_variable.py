# source: https://github.com/tensorflow/tensorflow/issues/36899
# framework: TF
# "Autograd cannot handle if conditions with line brakes when accessing fields": an `if False or
# self.a < 1.0:` on a class `tf.Variable` inside a `tf.function` method worked on one line and
# raised OperatorNotAllowedInGraphError when the condition was split with a backslash (TF 2.1).
# TF 2.21's AutoGraph converts both spellings to a `tf.cond` on the variable. The report's two
# classes, each method called on a kept instance (a `tf.function` method holds its instance
# weakly).
# label: none
# verify: c.errors == [] and e.errors == []
import tensorflow as tf


class Test:
    a = tf.Variable(1.0)

    @tf.function
    def test_function(self):
        if False or self.a < 1.0:
            pass


class TestBroken:
    a = tf.Variable(1.0)

    @tf.function
    def test_function(self):
        if False or\
                self.a < 1.0:
            pass


errors = []
for cls in (Test, TestBroken):
    t = cls()
    try:
        t.test_function()
    except Exception as exc:
        errors.append(type(exc).__name__)
print(errors)
