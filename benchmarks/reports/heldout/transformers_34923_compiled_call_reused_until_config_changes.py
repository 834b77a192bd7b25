# source: https://github.com/huggingface/transformers/pull/34923
# framework: PyTorch
# "Automatic compilation in generate: do not rely on inner function": the model keeps one
# `torch.compile(self.__call__, **compile_config.to_dict())` in `_compiled_call` and makes a new
# one only when `generate` is given a compile config different from the last (`if
# getattr(self, "_last_compile_config", CompileConfig()) != compile_config`). Every decoding
# step of every generate call with the same config reuses the one compiled callable and its
# graph. Fine. `CompileConfig` is a dataclass with value equality, as in transformers; a linear
# layer stands for the decoder.
# label: none
# verify: sum(c.torch.values()) == 1 and len(c.generated) == 3
from dataclasses import asdict, dataclass

import torch


@dataclass
class CompileConfig:
    fullgraph: bool = True
    dynamic: bool = False

    def to_dict(self):
        return asdict(self)


class TinyLM(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(8, 8)

    def forward(self, x):
        return self.proj(x).tanh()

    def get_compiled_call(self, compile_config):
        if not hasattr(self, "_compiled_call"):
            self._last_compile_config = compile_config
            self._compiled_call = torch.compile(self.__call__, **compile_config.to_dict())
        return self._compiled_call

    def _set_compile_call(self, compile_config):
        if getattr(self, "_last_compile_config", CompileConfig()) != compile_config:
            self._last_compile_config = compile_config
            self._compiled_call = torch.compile(self.__call__, **compile_config.to_dict())

    @torch.no_grad()
    def generate(self, x, steps, compile_config):
        self._set_compile_call(compile_config)
        model_forward = self.get_compiled_call(compile_config)
        for _ in range(steps):
            x = model_forward(x)
        return x


torch.manual_seed(0)
model = TinyLM()
generated = [model.generate(torch.ones(1, 8), 4, CompileConfig()).tolist() for _ in range(3)]
print(generated[-1])
