# torchvision.transforms on tensors under a seed: the same augmentations as torchvision 0.14.
import torch
import torchvision.transforms as T
from typing import Any

torch.manual_seed(3)
img = torch.arange(2 * 6 * 7, dtype=torch.float32).reshape(2, 6, 7) / 10
u8 = (torch.arange(5 * 5) * 9 % 256).to(torch.uint8).reshape(1, 5, 5)
nimg: torch.Tensor = T.Normalize((0.5, 0.25), (2.0, 4.0))(img)
print(nimg[1, 0])
flip = T.RandomHorizontalFlip()
for i in range(4):
    r: torch.Tensor = flip(img)
    print(i, r[0, 0].tolist())
crop = T.RandomCrop(4, padding=2)
for i in range(3):
    c: torch.Tensor = crop(img)
    print(c.shape, c[0].tolist())
crop2 = T.RandomCrop((3, 5))
c2: torch.Tensor = crop2(u8)
print(c2.tolist())
rot = T.RandomRotation(30)
for i in range(3):
    rr: torch.Tensor = rot(img)
    print(rr[0].tolist())
r8: torch.Tensor = T.RandomRotation((80, 100), fill=7)(u8)
print(r8.tolist())
ca: torch.Tensor = T.ConvertImageDtype(torch.float32)(u8)
cb: torch.Tensor = T.ConvertImageDtype(torch.uint8)(img / 10)
cc: torch.Tensor = T.ConvertImageDtype(torch.int16)(u8)
print(ca[0, 0], cb[0, 1], cc[0, 0])
comp = T.Compose([T.RandomHorizontalFlip(0.7), T.Normalize((0.1,), (0.3,)), T.Lambda(lambda x: x * 2)])
out: torch.Tensor = comp(img)
print(out[1, 2])
print(comp)
print(T.Compose([T.RandomCrop(28, padding=4), T.RandomRotation(10), T.ConvertImageDtype(torch.float)]))
