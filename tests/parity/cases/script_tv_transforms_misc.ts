# torchvision.transforms odds and ends on tensors, as torchvision 0.14: InterpolationMode members,
# RandomCrop's padding modes, nested Compose reprs, argument errors.
import random
import torch
import torchvision
from torchvision import transforms
import torchvision.transforms.functional as TF


def show(name: str, x: torch.Tensor) -> None:
    print(name, tuple(x.shape), x.dtype, round(float(x.double().sum()), 6), x.reshape(-1)[:4].tolist())


torch.manual_seed(7)
random.seed(3)
img = torch.rand(3, 5, 6)

IM = transforms.InterpolationMode
print(IM.NEAREST, IM.BILINEAR.value, IM.BICUBIC.name, [IM.BOX, IM.LANCZOS])
print(IM.BILINEAR == IM.BILINEAR, IM.BILINEAR != IM.NEAREST, IM.BILINEAR == TF.InterpolationMode.BILINEAR)
print(IM("hamming") == IM.HAMMING, IM("nearest"))
print(transforms.Resize(3, interpolation=IM.BICUBIC, max_size=9, antialias=False))
print(transforms.RandomRotation(10, interpolation=IM.BILINEAR, center=[1, 1]))

for rc in [transforms.RandomCrop(4, padding=1, padding_mode="edge"),
           transforms.RandomCrop((6, 8), padding=(1, 2), padding_mode="reflect"),
           transforms.RandomCrop([7, 9], pad_if_needed=True, fill=0.25),
           transforms.RandomCrop(8, pad_if_needed=True, padding_mode="symmetric")]:
    print(rc)
    for i in range(2):
        show("img", rc(img))

print(transforms.ToTensor())

comp = transforms.Compose([
    transforms.Compose([transforms.CenterCrop(4), transforms.Pad([1, 2], fill=1)]),
    transforms.RandomChoice([transforms.RandomVerticalFlip(), transforms.Lambda(lambda x: x * 0.5)]),
    transforms.RandomOrder([transforms.Grayscale(3), transforms.ColorJitter(hue=0.2)]),
    transforms.ConvertImageDtype(torch.uint8),
])
print(comp)
for i in range(3):
    show("comp", comp(img))

for bad in [lambda: transforms.RandomResizedCrop(4, scale=0.5), lambda: transforms.RandomResizedCrop(4, ratio=2.0),
            lambda: transforms.RandomResizedCrop([3, 4, 5]), lambda: transforms.CenterCrop(3)(torch.rand(4)),
            lambda: transforms.RandomCrop(9)(img), lambda: transforms.Grayscale(2)(img),
            lambda: transforms.RandomGrayscale()(torch.rand(5)),
            lambda: transforms.ColorJitter(brightness="a")]:
    try:
        bad()
        print("no error")
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)


class AddOne:
    def __call__(self, x: torch.Tensor) -> torch.Tensor:
        return x + 1

    def __repr__(self) -> str:
        return "AddOne()"


def halve(x: torch.Tensor) -> torch.Tensor:
    return x / 2


mine = transforms.Compose([transforms.CenterCrop(2), AddOne(), halve, transforms.RandomApply([AddOne()], p=0.5)])
print(mine.transforms[1])
for i in range(3):
    show("mine", mine(img))
