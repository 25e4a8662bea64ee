import torch
from torch.utils.data import TensorDataset, DataLoader

torch.manual_seed(42)

# fake "images": N x C x H x W
images = torch.rand(16, 3, 4, 4) * torch.tensor([1.0, 2.0, 0.5]).view(1, 3, 1, 1)
labels = torch.randint(0, 4, (16,))
ds = TensorDataset(images, labels)
loader = DataLoader(ds, batch_size=5, shuffle=False)

channel_sum = torch.zeros(3)
channel_sq_sum = torch.zeros(3)
num_pixels = 0
for imgs, _ in loader:
    channel_sum += imgs.sum(dim=[0, 2, 3])
    channel_sq_sum += (imgs ** 2).sum(dim=[0, 2, 3])
    num_pixels += imgs.size(0) * imgs.size(2) * imgs.size(3)

mean = channel_sum / num_pixels
std = (channel_sq_sum / num_pixels - mean ** 2).sqrt()
print("mean:", [f"{m:.4f}" for m in mean.tolist()])
print("std: ", [f"{s:.4f}" for s in std.tolist()])

ref_mean = images.mean(dim=(0, 2, 3))
ref_std = images.std(dim=(0, 2, 3), unbiased=False)
print("mean close:", torch.allclose(mean, ref_mean, atol=1e-5))
print("std close:", torch.allclose(std, ref_std, atol=1e-4))


def normalize(x, mean, std):
    return (x - mean[None, :, None, None]) / std[None, :, None, None]


normed = normalize(images, mean, std)
print("normalized mean:", [f"{abs(v):.4f}" for v in normed.mean(dim=(0, 2, 3)).tolist()])
print("normalized std:", [f"{v:.4f}" for v in normed.std(dim=(0, 2, 3), unbiased=False).tolist()])

running_min = torch.full((3,), float("inf"))
running_max = torch.full((3,), float("-inf"))
for imgs, _ in loader:
    flat = imgs.transpose(0, 1).reshape(3, -1)
    running_min = torch.minimum(running_min, flat.min(dim=1).values)
    running_max = torch.maximum(running_max, flat.max(dim=1).values)
print("min:", running_min)
print("max:", running_max)
