# torchvision.transforms RandomVerticalFlip, RandomApply, RandomChoice, RandomOrder, Compose on
# tensors, as torchvision 0.14: the same draws from torch's and Python's generators under seeds.
import random
import torch
from torchvision import transforms
import torchvision.transforms.functional as TF


def show(name: str, x: torch.Tensor) -> None:
    print(name, tuple(x.shape), round(float(x.double().sum()), 6), x.reshape(-1)[:4].tolist())

def showr(name: str, x: torch.Tensor) -> None:
    # Outputs of bilinear / bicubic interpolation, blurs and bilinear rotations: tsrun's kernels for
    # these differ from PyTorch's in the last bits (REPORT.md), so print them rounded.
    if x.is_floating_point():
        print(name, tuple(x.shape), x.dtype, round(float(x.double().sum()), 3), [round(v, 4) for v in x.reshape(-1)[:4].tolist()])
    else:
        print(name, tuple(x.shape), x.dtype, round(float(x.double().mean()) / 255, 2))



torch.manual_seed(2)
random.seed(5)
img = torch.rand(3, 6, 5)

vf = transforms.RandomVerticalFlip()
print(vf, transforms.RandomVerticalFlip(p=1))
for i in range(4):
    show("vflip", vf(img))
show("TF.vflip", TF.vflip(img))
show("TF.hflip", TF.hflip(img))

ra = transforms.RandomApply([transforms.RandomVerticalFlip(1.0), transforms.ColorJitter(brightness=0.5)], p=0.6)
print(ra)
for i in range(5):
    show("apply", ra(img))
print(transforms.RandomApply([transforms.Grayscale()]))

rc = transforms.RandomChoice([transforms.RandomHorizontalFlip(1.0), transforms.RandomVerticalFlip(1.0),
                              transforms.Grayscale(3)])
print(rc)
for i in range(6):
    show("choice", rc(img))
rcp = transforms.RandomChoice([transforms.RandomHorizontalFlip(1.0), transforms.CenterCrop(3)], p=[0.2, 0.8])
print(rcp)
for i in range(5):
    show("choice p", rcp(img))

ro = transforms.RandomOrder([transforms.CenterCrop(4), transforms.Pad(1, padding_mode="reflect"),
                             transforms.Resize(7), transforms.RandomVerticalFlip(0.5)])
print(ro)
for i in range(5):
    showr("order", ro(img))

pipe = transforms.Compose([
    transforms.RandomResizedCrop(4, scale=(0.3, 1.0)),
    transforms.RandomHorizontalFlip(),
    transforms.RandomApply([transforms.ColorJitter(0.4, 0.4, 0.4, 0.1)], p=0.8),
    transforms.RandomGrayscale(p=0.2),
    transforms.GaussianBlur(3),
    transforms.Normalize((0.5, 0.5, 0.5), (0.25, 0.25, 0.25)),
])
print(pipe)
for i in range(6):
    showr("pipe", pipe(img))
print(torch.rand(1).item(), random.random())
