# source: https://github.com/Zenasj/HBTGen-artifact/blob/HEAD/data/pytorch-issue/issue_122379.py
# framework: PyTorch
# Label: fine look-alike as run here. A reproduction of pytorch#122379 collected by a bug
# study: a compiled forward keeps the entries of a list attribute that pass `i in range(0, 10)`
# and concatenates the chosen slices; the report saw the compiled model return 2 rows where eager
# returns 10 (an inductor pattern rewrite). The first model of the file, with verify.py's counting
# backend in place of inductor; the second (backend="eager") left out. Dynamo's graph run eagerly
# returns all 10 rows, as eager does: the list filter is evaluated while tracing and is right;
# the fault the report saw is in inductor's pattern rewrite, which no rule can see.
# label: none
# verify: close(c.r, e.r)
import torch

torch.manual_seed(0)

class Model(torch.nn.Module):

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 1, stride=1, padding=1)
        self.indices = [i for i in range(0, 10)]

    def forward(self, x):
        split_tensors = torch.split(x, 1, 0) # len(split_tensors) == 10
        chosen_tensors = [split_tensors[i] for i in self.indices if i in range(0, 10)]
        result = torch.cat(chosen_tensors, 0)
        return result
func = Model().to('cpu')

x = torch.randn(10, 3, 64, 64)

with torch.no_grad():
    func1 = torch.compile(func)
    r = func1(x.clone())
    print(r.shape)
