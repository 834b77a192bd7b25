# source: https://github.com/pytorch/FBGEMM/pull/3287
# framework: PyTorch
# The pull request's fix, beside fbgemm_3287_float_learning_rate_warmup_recompiles.py: the
# learning rate travels as a tensor ("For a tensor, the guard is only on its shape; if its
# shape remains the same, it will not trigger recompilation"), so the warm-up changes a value
# the compiled step reads at run time: one compile for the whole warm-up. Same stand-ins.
# label: none
# verify: c.torch['train_step'] == 1
import torch


@torch.library.custom_op("fbgemm_demo::split_embedding_sgd_t", mutates_args=("weights",))
def split_embedding_sgd(weights: torch.Tensor, indices: torch.Tensor, grad: torch.Tensor,
                        learning_rate: torch.Tensor) -> None:
    weights.index_add_(0, indices, grad * -learning_rate)


@split_embedding_sgd.register_fake
def _(weights, indices, grad, learning_rate):
    return None


weights = torch.randn(100, 8)


def train_step(indices, grad, learning_rate):
    split_embedding_sgd(weights, indices, grad, learning_rate)
    return weights.sum()


compiled_step = torch.compile(train_step)
final_lr, warmup_steps = 0.02, 10
for it in range(warmup_steps):
    learning_rate = torch.tensor(final_lr * (it + 1) / warmup_steps)
    compiled_step(torch.tensor([1, 5, 7]), torch.ones(3, 8), learning_rate)
