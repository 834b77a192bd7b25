# source: https://github.com/torch-js/torch-js/blob/HEAD/tests/torch_module.py
# framework: PyTorch
# Label: fine look-alike. A traced module that adds its two inputs, saved and loaded back for the
# JavaScript bindings' tests. The author's code; the file goes to a temporary directory and the
# loaded module's output is kept as `result`.
# label: none
# verify: close(c.result, c.expected)
import os
import tempfile

import torch


class TestModule(torch.nn.Module):
    def __init__(self):
        super(TestModule, self).__init__()

    def forward(self, input1, input2):
        return input1 + input2


test_module = TestModule()

example = (torch.rand(1, 4), torch.rand(1, 4))
traced_script_module = torch.jit.trace(test_module, example)

path = os.path.join(tempfile.mkdtemp(), "test_model.pt")
traced_script_module.save(path)

loaded = torch.jit.load(path)

result = loaded(*example)
expected = example[0] + example[1]
