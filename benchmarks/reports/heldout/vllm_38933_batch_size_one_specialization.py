# source: https://github.com/vllm-project/vllm/pull/38933
# framework: PyTorch
# Label: fine look-alike as to recompiles (bounded). Written from the pull request's
# description: a compiled sampler helper, `batched_count_greater_than`, recompiled when an RL
# run used batch size 1, "as pytorch with dynamic defaults to specializing on 0/1 values"; the
# fix marks the size unbacked with a range >= 1 to save the one recompile (~205 ms). Batch sizes
# other than 1 share the dynamic graph, and size 1 adds one graph: a bounded number of compiles
# for any number of steps. The helper's body is a stand-in; sizes cycle through 4, 8, 1, 16.
# label: none
# verify: c.torch['batched_count_greater_than'] <= 3
import torch


@torch.compile
def batched_count_greater_than(x, values):
    return (x >= values).sum(-1)


num_steps = 12
sizes = [4, 8, 1, 16]
for step in range(num_steps):
    batch = sizes[step % len(sizes)]
    logits = torch.randn(batch, 32)
    counts = batched_count_greater_than(logits, logits[:, :1])
