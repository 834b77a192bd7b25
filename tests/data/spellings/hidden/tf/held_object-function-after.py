# spelling: framework=tf what=held_object who=function order=after
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
import tensorflow as tf

X = tf.constant(1.0)


class Env:
    def __init__(self):
        self.scale = 2.0

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


def set_scale(o, v):
    o.scale = v


print(float(gym.run(X)))
print(float(gym.run(X)))
set_scale(env, 3.0)
