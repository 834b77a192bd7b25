# source: https://github.com/ivanmysin/SNNoptimization/blob/HEAD/cbrd_tests/test.py
# framework: TF
# Label: fine look-alike. A tf.function writes three random draws into a TensorArray in a Python
# `for _ in range(3)` loop with a Python index (`dx_dt_list_idx + 1`): the loop unrolls while
# tracing, each write gets its own constant index, and the stacked result has three rows on every
# call. The author's code (the commented-out tail is left out); a second call added.
# label: none
# verify: c.r1.shape == (3, 4) and c.r2.shape == (3, 4) and c.tf['func'] == 1
import tensorflow as tf
@tf.function
def func ():
    dx_dt_list = tf.TensorArray(tf.float64, size=0, dynamic_size=True) # = []
    dx_dt_list_idx = 0
    for _ in range(3):
        dxdt = tf.random.normal((4, ), mean=0.0, stddev=1.0, dtype=tf.dtypes.float64)
        dx_dt_list = dx_dt_list.write(dx_dt_list_idx, dxdt)
        dx_dt_list_idx = dx_dt_list_idx + 1
    dx_dt_list = dx_dt_list.stack()
    return dx_dt_list

dx_dt_list = func()
print(dx_dt_list.numpy())
r1 = dx_dt_list.numpy()
r2 = func().numpy()
