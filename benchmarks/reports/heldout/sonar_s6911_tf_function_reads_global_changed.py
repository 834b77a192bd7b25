# source: http://ishangsf.com:8100/ishangsf/rspec/raw/branch/rule/S6549-add-kotlin/rules/S6911/python/rule.adoc
# framework: TF
# The static analysis rule's noncompliant example: `addition()` reads the global `foo`; it is
# traced on the first call with foo = 4, and after `foo = 10` the second call still returns 5
# (one ConcreteFunction, foo baked in); eagerly it returns 11.
# verify: not close(c.r2, e.r2)
import tensorflow as tf


@tf.function
def addition():
    return 1 + foo  # label[a]: ACC6


foo = 4
r1 = addition()
foo = 10  # label[a]
r2 = addition()
print(r1, r2)
