# torch.einsum takes the equation first, then Tensors (or one list/tuple of them); the sublist
# form is not available, and a non-Tensor operand is named.
# expect error: 8:18 `torch.einsum()` expects the equation string first, got Tensor
# expect hint: the sublist form einsum(op1, [0, 1], op2, [1, 2]) is not available in tsrun yet; write the equation
# expect error: 9:32 `torch.einsum()` operand 2 must be a Tensor, got int
import torch
x = torch.ones(2, 3)
y = torch.einsum(x, [0, 1])
z = torch.einsum("ij,j->i", x, 3)
