# source: https://github.com/N3PDF/vegasflow/pull/85
# framework: TF
# A static checker asked to move `while_check` / `while_body` out of `refine_grid_per_dimension`
# (tf.functions "defined and called" inside a function that is called in a loop). The outer
# function is itself a tf.function with an input signature: it is traced once, and the inner
# definitions run only while it is traced; they read `wei_t` and `ave_t` of that trace, which is
# why the maintainer kept them there. Fine. Reduced: BINS_MAX 10, the grid update simplified.
# label: none
# verify: c.tf['refine_grid_per_dimension'] == 1 and c.tf['while_body'] <= 1
import tensorflow as tf

BINS_MAX = 10
DTYPE = tf.float64
DTYPEINT = tf.int32
fzero = tf.constant(0.0, dtype=DTYPE)


@tf.function(
    input_signature=[
        tf.TensorSpec(shape=[BINS_MAX], dtype=DTYPE),
        tf.TensorSpec(shape=[BINS_MAX + 1], dtype=DTYPE),
    ]
)
def refine_grid_per_dimension(t_res_sq, subdivisions):
    wei_t = t_res_sq / tf.reduce_sum(t_res_sq)
    ave_t = tf.reduce_sum(wei_t) / BINS_MAX

    @tf.function
    def while_check(bin_weight, *args):
        return bin_weight < ave_t

    @tf.function(
        input_signature=[
            tf.TensorSpec(shape=[], dtype=DTYPE),
            tf.TensorSpec(shape=[], dtype=DTYPEINT),
            tf.TensorSpec(shape=[], dtype=DTYPE),
            tf.TensorSpec(shape=[], dtype=DTYPE),
        ]
    )
    def while_body(bin_weight, n_bin, cur, prev):
        n_bin += 1
        bin_weight += wei_t[n_bin]
        prev = cur
        cur = subdivisions[n_bin + 1]
        return bin_weight, n_bin, cur, prev

    new_bins = []
    bin_weight, n_bin, cur, prev = fzero, tf.constant(-1), fzero, fzero
    for _ in range(BINS_MAX - 1):
        bin_weight, n_bin, cur, prev = tf.while_loop(
            while_check, while_body, (bin_weight, n_bin, cur, prev), parallel_iterations=1)
        bin_weight -= ave_t
        new_bins.append(cur)
    return tf.stack(new_bins)


divisions = tf.linspace(tf.constant(0.0, DTYPE), 1.0, BINS_MAX + 1)
for iteration in range(10):
    divisions_new = refine_grid_per_dimension(tf.ones(BINS_MAX, DTYPE) + iteration, divisions)
