# source: https://github.com/pytorch/pytorch/issues/43548
# framework: PyTorch
# A module writes an end-of-sequence mask into the third channel; traced on a 2-step example,
# the trace is run on a 3-step input and compared with the module. The report's title blames
# the recorded slice bounds; the report's own script compares the original module with itself
# on the first input (a typo kept). The new-input outputs are recorded to be compared: torch
# 2.13 records `features.shape[1]` as an operation and the trace agrees with the module. Fine.
# label: none
# verify: close(c.traced_new, c.original_new)
import torch

class TestModule(torch.nn.Module):
    def forward(self, features, features_len):
        # assumes batch_size == 1
        eos_mask = torch.arange(features.shape[1]).eq(features_len).float()
        features[:,:,2] = eos_mask.unsqueeze(0)
        return features

features = torch.tensor(
    [[[1.0, 1.0, 0.0],
     [0.0, 0.0, 0.0]]]
)
print('features.shape=', features.shape)
features_len = torch.tensor([1])

module = TestModule()
traced_module = torch.jit.trace_module(module, dict(forward=(features, features_len,)))
print('Traced module code:')
print(traced_module.code)

print('Original module output:')
print(module(features.clone(), features_len))
print('Traced module output:')
print(module(features.clone(), features_len))

new_features = torch.tensor(
    [[[1.0, 1.0, 0.0],
     [1.0, 1.0, 0.0],
     [0.0, 0.0, 0.0]]]
)
print('new_features.shape=', new_features.shape)
new_features_len = torch.tensor([2])

print('Original module output:')
original_new = module(new_features.clone(), new_features_len)
print(original_new)
print('Traced module output:')
traced_new = traced_module(new_features.clone(), new_features_len)
print(traced_new)
