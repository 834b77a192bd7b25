# source: https://github.com/meta-pytorch/torchtune/issues/1402
# framework: PyTorch
# "Enable compile for batched RLHF generation utils": with `generate_next_token_with_logits`
# compiled, every decoding step recompiles: "tensor 'L['input_pos']' stride mismatch at index
# 0. expected 356, actual 357". `input_pos` is a column view of a positions tensor that grows by
# one column per generated token, so its stride is new on every step, and Dynamo guards on
# strides. On torch 2.13 the second stride makes the stride dynamic and that graph serves every
# later step: two graphs for ten steps. Fine as run. Reduced: an embedding and a linear head
# stand for the policy model.
# label: none
# verify: c.torch['generate_next_token_with_logits'] <= 2 and close(c.tokens, e.tokens)
import torch

torch.manual_seed(0)
embed = torch.nn.Embedding(50, 8)
output = torch.nn.Linear(8, 50)


@torch.compile
def generate_next_token_with_logits(x, input_pos):
    h = embed(x) + input_pos.unsqueeze(-1).float()
    logits = output(h)[:, -1]
    return logits.argmax(-1, keepdim=True), logits


bsz = 2
tokens = torch.randint(0, 50, (bsz, 4))
positions = torch.arange(4).repeat(bsz, 1)
for step in range(10):
    input_pos = positions[:, -1]
    token, logits = generate_next_token_with_logits(tokens[:, -1:], input_pos)
    tokens = torch.cat([tokens, token], dim=1)
    positions = torch.cat([positions, positions[:, -1:] + 1], dim=1)
tokens = tokens.tolist()
print(tokens)
