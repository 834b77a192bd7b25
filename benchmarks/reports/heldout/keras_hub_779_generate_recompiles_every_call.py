# source: https://github.com/keras-team/keras-hub/issues/779
# framework: TF
# "`gpt2_lm.generate()` always recompiles": "every call to generate will trigger compilation",
# for three reasons: "our sampler objects are regenerated each call `generate()`", "inside the
# sampler object, `sample()` is explicitly recompiled each call", and "the `sample` object has
# python objects passed to it (a python function), meaning it will always retrace"; the
# maintainer's test script calls `generate` 25 times with the same settings. Reduced to that
# structure (a tiny next-token model in place of GPT-2, keras-nlp's tokenizer and preset left
# out): `generate` builds a new greedy sampler, which wraps `sample` in a new `tf.function` on
# every call and passes it the model's `next` function, so each of the 6 calls traces again.
# verify: c.tf['sample'] >= 6 and close(c.outputs, e.outputs)
import numpy as np
import tensorflow as tf

VOCAB = 11


class GreedySampler:
    def __call__(self, next, prompt, max_length):
        sample = tf.function(self.sample, jit_compile=True)  # label: ACC5
        return sample(next, prompt, max_length)

    def sample(self, next, prompt, max_length):
        def body(i, prompt):
            logits = next(prompt, i)
            token = tf.argmax(logits, axis=-1, output_type=tf.int32)
            return i + 1, tf.tensor_scatter_nd_update(prompt, [[0, i]], token)

        _, prompt = tf.while_loop(lambda i, p: i < max_length, body, (tf.constant(1), prompt))
        return prompt


class GPT2CausalLM:
    def __init__(self):
        self.embedding = tf.constant(np.random.RandomState(0).rand(VOCAB, VOCAB).astype("float32"))

    def next(self, prompt, index):
        return tf.gather(self.embedding, prompt[:, index - 1])

    def generate(self, prompt, sampler="greedy", max_length=8):
        sampler = GreedySampler()
        return sampler(self.next, prompt, max_length)


gpt2_lm = GPT2CausalLM()
prompt = tf.constant([[3, 0, 0, 0, 0, 0, 0, 0]], dtype=tf.int32)
outputs = [gpt2_lm.generate(prompt, sampler="greedy", max_length=8) for i in range(6)]
print(outputs[-1])
