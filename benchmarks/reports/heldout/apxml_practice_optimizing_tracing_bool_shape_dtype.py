# source: https://apxml.com/courses/advanced-tensorflow/chapter-1-tensorflow-execution-graphs/practice-optimizing-tracing
# framework: TF
# Label: fine look-alike as to storms, by the run. A course's practice on retracing:
# `process_data` takes a Python bool `use_extra_feature` that picks a branch, and is called five
# times with bool False/True/False, a longer tensor and an int32 tensor; each new signature
# retraces, as the page says: 3 traces for the first four calls, and the int32 call fails while
# tracing (`x * 2.0` on int32), so it is wrapped in `try` here for the script to finish. Five
# explicit calls, a bounded count by design. Its "tracing counter" is a tf.Variable incremented
# inside the function, so it counts calls, not traces. The page's code as stored (it stops after
# the fifth call).
# label: none
# verify: c.tf['process_data'] <= 4 and "int32 input rejected" in c.out
import tensorflow as tf
import time

# Counter for demonstration
tracing_count = tf.Variable(0, dtype=tf.int32)

@tf.function
def process_data(x, use_extra_feature=False):
    # Simulate tracing by incrementing a counter
    tracing_count.assign_add(1)
    tf.print("Tracing function process_data...")
    y = x * 2.0
    if use_extra_feature:
        # Python-dependent control flow based on a non-Tensor argument
        y += 10.0
    return y

# Initial calls with different Python argument values
print("First call:")
_ = process_data(tf.constant([1.0, 2.0]), use_extra_feature=False)
print(f"Tracing count: {tracing_count.numpy()}")
print("\nSecond call (different Python value):")
_ = process_data(tf.constant([3.0, 4.0]), use_extra_feature=True)
print(f"Tracing count: {tracing_count.numpy()}")
print("\nThird call (same Python value as first):")
_ = process_data(tf.constant([5.0, 6.0]), use_extra_feature=False)
print(f"Tracing count: {tracing_count.numpy()}")
print("\nFourth call (different tensor shape):")
_ = process_data(tf.constant([7.0, 8.0, 9.0]), use_extra_feature=False)
print(f"Tracing count: {tracing_count.numpy()}")
print("\nFifth call (different tensor dtype):")
try:
    _ = process_data(tf.constant([1, 2], dtype=tf.int32), use_extra_feature=False)
except (TypeError, tf.errors.InvalidArgumentError) as err:
    print("int32 input rejected:", type(err).__name__)
print(f"Tracing count: {tracing_count.numpy()}")
