# spelling: framework=tf what=closure who=module order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


def main():
    scale = None

    @tf.function
    def f(x):
        return x * scale  # read


    for step in range(3):
        if scale is None:
            scale = 3.0
        print(float(f(X)))


main()
