# source: https://github.com/pytorch/FBGEMM/pull/3287
# framework: PyTorch
# Written from the pull request's description (its diff is C++ code generation): the table
# batched embedding's lookup takes the learning rate as a Python float, "pt2 adds a guard on the
# float inputs, and if it is changed, it will be recompiled"; during warm-up the rate grows by
# 0.00002 every iteration, so the compiled step recompiled on every iteration (10k times). The
# fused backward/optimizer op is a custom op with a `float learning_rate` argument, as FBGEMM's
# V1 interface is; the embedding table is small and warm-up is ten steps.
# verify: c.torch['train_step'] >= 8
import torch


@torch.library.custom_op("fbgemm_demo::split_embedding_sgd", mutates_args=("weights",))
def split_embedding_sgd(weights: torch.Tensor, indices: torch.Tensor, grad: torch.Tensor,
                        learning_rate: float) -> None:
    weights.index_add_(0, indices, grad, alpha=-learning_rate)


@split_embedding_sgd.register_fake
def _(weights, indices, grad, learning_rate):
    return None


weights = torch.randn(100, 8)


def train_step(indices, grad, learning_rate):
    split_embedding_sgd(weights, indices, grad, learning_rate)  # label[g]
    return weights.sum()


compiled_step = torch.compile(train_step)
final_lr, warmup_steps = 0.02, 10
for it in range(warmup_steps):
    learning_rate = final_lr * (it + 1) / warmup_steps
    compiled_step(torch.tensor([1, 5, 7]), torch.ones(3, 8), learning_rate)  # label[g]: ACC5
