# Bad arguments to the newer torch.nn.functional wrappers get PyTorch 1.13's exceptions and messages.
import torch
import torch.nn.functional as F

x = torch.randn(1, 2, 4, 4)
try:
    F.interpolate(x)
except ValueError as e:
    print("ValueError:", e)
try:
    F.interpolate(x, size=(2, 3, 4))
except ValueError as e:
    print("ValueError:", e)
try:
    F.interpolate(x, size=(2, 3), recompute_scale_factor=True)
except ValueError as e:
    print("ValueError:", e)
try:
    F.interpolate(x, scale_factor=2.0, mode="trilinear")
except NotImplementedError as e:
    print("NotImplementedError:", e)
try:
    F.dropout1d(x, 0.5)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    F.alpha_dropout(x, 1.5)
except ValueError as e:
    print("ValueError:", e)
w = torch.randn(5, 3)
try:
    F.embedding_bag(torch.tensor([1, 2]), w)
except ValueError as e:
    print("ValueError:", e)
try:
    F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0]), mode="median")
except ValueError as e:
    print("ValueError:", e)
try:
    F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0]), per_sample_weights=torch.ones(2))
except NotImplementedError as e:
    print("NotImplementedError:", e)
try:
    F.multi_margin_loss(torch.randn(2, 3), torch.tensor([0, 1]), p=3)
except ValueError as e:
    print("ValueError:", e)
try:
    F.max_unpool2d(torch.ones(1, 1, 2, 2), torch.zeros(1, 1, 2, 2, dtype=torch.long), 2, output_size=[7, 7])
except ValueError as e:
    print("ValueError:", e)
try:
    F.grid_sample(x, torch.zeros(1, 2, 2, 2), mode="area")
except ValueError as e:
    print("ValueError:", e)
try:
    F.affine_grid(torch.zeros(1, 2, 3), [1, 1, 2, 2, 2])
except ValueError as e:
    print("ValueError:", e)
try:
    F.local_response_norm(torch.ones(2, 3), 2)
except ValueError as e:
    print("ValueError:", e)
try:
    F.instance_norm(torch.ones(2, 3, 1))
except ValueError as e:
    print("ValueError:", e)
print(F.instance_norm(torch.ones(2, 3, 1), use_input_stats=False, running_mean=torch.zeros(3), running_var=torch.ones(3)).shape)
