# spelling: framework=tf what=closure who=module order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


def main():
    scale = 2.0

    @tf.function
    def f(x):
        return x * scale  # read


    print(float(f(X)))
    scale = 3.0
    print(float(f(X)))


main()
