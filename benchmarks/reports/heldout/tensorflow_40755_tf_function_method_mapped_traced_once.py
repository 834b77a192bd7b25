# source: https://github.com/tensorflow/tensorflow/issues/40755
# framework: TF
# A `@tf.function` method `compute` (with a Python print marking its traces) applied to each
# tensor of a list in a loop, and through `Dataset.map`: the report is that the mapped dataset is
# slower than the loop. Every tensor has the same shape, so the loop reuses one trace; the map
# traces once more. Bounded traces and the same results: a fine look-alike. The report's class;
# the FFT computation is kept, the tensors are fewer and smaller, and its tracing print is removed
# (the method's own trace count counts).
# label: none
# verify: 1 <= c.traces <= 2 and close(c.loop_results, c.map_results)
import tensorflow as tf


class Test:
    @tf.function
    def compute(self, tensor):
        # some dummy computation with a tensor
        res = 100 * tensor
        res = tf.signal.rfft(res)
        return tf.math.real(res)

    def run(self, tensors):
        loop_results = [self.compute(t) for t in tensors]
        dataset = tf.data.Dataset.from_tensor_slices(tf.stack(tensors)).map(self.compute)
        map_results = list(dataset)
        return loop_results, map_results


tensors = [tf.random.uniform((16,)) for _ in range(8)]
test = Test()
loop_results, map_results = test.run(tensors)
traces = test.compute.experimental_get_tracing_count()
print(traces)
