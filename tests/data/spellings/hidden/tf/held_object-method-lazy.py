# spelling: framework=tf what=held_object who=method order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


class Env:
    def __init__(self):
        self.scale = None

    def set_scale(self, v):
        self.scale = v

    def value(self):
        return self.scale  # read


env = Env()


class Wrapper:
    def __init__(self, inner):
        self._env = inner

        def run(x):
            return x * self._env.value()

        self.run = tf.function(run)


gym = Wrapper(env)


for step in range(3):
    if env.scale is None:
        env.set_scale(3.0)
    print(float(gym.run(X)))
