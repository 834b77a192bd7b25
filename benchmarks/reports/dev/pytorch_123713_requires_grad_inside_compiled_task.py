# source: https://github.com/pytorch/pytorch/issues/123713
# framework: PyTorch
# ".requires_grad_(True) doesn't work with torch.compile": `task` runs `model_1` under
# `torch.no_grad()`, then calls `intermediate_output.requires_grad_()` so that `model_2`'s loss
# can be differentiated; printing `intermediate_output.requires_grad` shows False when `task` is
# compiled (2024). Reduced to the two MLPs and task. On torch 2.13 the compiled task
# (a graph break at the print) returns the eager loss and `model_2` gets its gradients: fine.
# label: none
# verify: close(c.loss_value, e.loss_value) and c.has_grad == e.has_grad
import torch
import torch.nn as nn


class SimpleNN(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super(SimpleNN, self).__init__()
        self.fc1 = nn.Linear(input_size, hidden_size)
        self.activation = nn.ReLU()
        self.fc2 = nn.Linear(hidden_size, output_size)

    def forward(self, x):
        x = self.fc1(x)
        x = self.activation(x)
        x = self.fc2(x)
        return x


def task(model_1, model_2, input, target_output):
    with torch.no_grad():
        intermediate_output = model_1(input)
    intermediate_output.requires_grad_()
    print(intermediate_output.requires_grad)
    output = model_2(intermediate_output)
    loss_fn = nn.MSELoss()
    loss = loss_fn(output, target_output)
    return loss


torch.manual_seed(0)
model_1 = SimpleNN(1, 32, 1)
model_2 = SimpleNN(1, 32, 1)
input_data = torch.rand(16, 1)
target_data = torch.rand(16, 1)
task = torch.compile(task)
loss = task(model_1, model_2, input_data, target_data)
loss.backward()
loss_value = loss.detach()
has_grad = model_2.fc1.weight.grad is not None
