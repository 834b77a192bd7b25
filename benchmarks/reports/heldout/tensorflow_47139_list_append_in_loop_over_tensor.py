# source: https://github.com/tensorflow/tensorflow/issues/47139
# framework: TF
# In a tf.function, `for b in B` over a tensor becomes a converted while loop, and the Python
# list `S` appended in its body receives tensors of the loop's graph: InaccessibleTensorError
# when the list is returned ("it is defined in another function or code block"). The report's
# code; the error is caught.
# verify: c.error is not None and "Inaccessible" in c.error and e.error is None
import tensorflow as tf

cosine_loss = tf.keras.losses.CosineSimilarity(axis=0, reduction="none")


@tf.function
def func():
    A = tf.convert_to_tensor([[1, 1., 1], [1, 3, 1]])
    B = tf.convert_to_tensor([[1, 1., 1]])

    S = []
    for b in B:
        S_n = []
        for a in A:
            S.append(-cosine_loss(a, b))  # label: ACC2
        S.append(S_n)

    return S


error = None
try:
    print(func())
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
