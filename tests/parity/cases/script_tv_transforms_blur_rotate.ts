# torchvision.transforms GaussianBlur, RandomRotation and TF.gaussian_blur / TF.rotate on tensors,
# as torchvision 0.14.
import torch
from torchvision import transforms
from torchvision.transforms import InterpolationMode
import torchvision.transforms.functional as TF


def show(name: str, x: torch.Tensor) -> None:
    print(name, tuple(x.shape), x.dtype, round(float(x.double().sum()), 6), x.reshape(-1)[:4].tolist())

def showr(name: str, x: torch.Tensor) -> None:
    # Outputs of bilinear / bicubic interpolation, blurs and bilinear rotations: tsrun's kernels for
    # these differ from PyTorch's in the last bits (REPORT.md), so print them rounded.
    if x.is_floating_point():
        print(name, tuple(x.shape), x.dtype, round(float(x.double().sum()), 3), [round(v, 4) for v in x.reshape(-1)[:4].tolist()])
    else:
        print(name, tuple(x.shape), x.dtype, round(float(x.double().mean()) / 255, 2))



torch.manual_seed(4)
img = torch.rand(3, 9, 8)
u8 = (torch.rand(1, 7, 9) * 255).to(torch.uint8)
batch = torch.rand(2, 3, 6, 6)

for k, s in [(3, None), (5, 1.5), ([3, 5], [0.8, 2.0]), ((1, 3), 0.5), (7, (2.5,))]:
    showr("blur", TF.gaussian_blur(img, k, s))
    showr("blur u8", TF.gaussian_blur(u8, k, s))
    showr("blur batch", TF.gaussian_blur(batch, k, s))
for gb in [transforms.GaussianBlur(3), transforms.GaussianBlur((5, 3), sigma=1), transforms.GaussianBlur([3, 3], sigma=[0.5, 1.0]),
           transforms.GaussianBlur(5, sigma=(2, 3))]:
    print(gb)
    for i in range(2):
        showr("img", gb(img))
        showr("u8", gb(u8))
print(transforms.GaussianBlur.get_params(0.1, 2.0))

for a in [0, 30, -45.5, 90, 180, 271]:
    show("rot", TF.rotate(img, a))
    showr("rot bilinear", TF.rotate(img, a, InterpolationMode.BILINEAR))
    show("rot expand", TF.rotate(img, a, expand=True))
    show("rot u8 center fill", TF.rotate(u8, a, center=[2, 3], fill=[9.0]))
    showr("rot u8 bilinear expand fill", TF.rotate(u8, a, InterpolationMode.BILINEAR, True, None, [200.0]))
    showr("rot batch fill", TF.rotate(batch, a, InterpolationMode.BILINEAR, fill=[0.5, 1.0, 2.0]))
for r in [transforms.RandomRotation(30), transforms.RandomRotation(45, expand=True, center=(1, 2), fill=3)]:
    print(r)
    for i in range(2):
        show("img", r(img))
        show("batch", r(batch))
for r in [transforms.RandomRotation((10, 60), interpolation=InterpolationMode.BILINEAR),
          transforms.RandomRotation([-90, 90], InterpolationMode.BILINEAR, fill=(0.1, 0.2, 0.3))]:
    print(r)
    for i in range(2):
        showr("img", r(img))
        showr("batch", r(batch))

for bad in [lambda: transforms.GaussianBlur(4), lambda: transforms.GaussianBlur((3, 5, 7)),
            lambda: transforms.GaussianBlur(3, sigma=-1), lambda: transforms.GaussianBlur(3, sigma=(2.0, 1.0)),
            lambda: transforms.GaussianBlur(3, sigma=(1.0, 2.0, 3.0)), lambda: TF.gaussian_blur(img, 4),
            lambda: TF.gaussian_blur(img, [3, 3, 3]), lambda: TF.gaussian_blur(img, 3, 0),
            lambda: TF.gaussian_blur(img, 3, [1.0, 2.0, 3.0]), lambda: TF.gaussian_blur(img, 3.0),
            lambda: transforms.RandomRotation(-5), lambda: transforms.RandomRotation([1, 2, 3]),
            lambda: transforms.RandomRotation(5, center=[1]),
            lambda: TF.rotate(img, 10, InterpolationMode.BICUBIC), lambda: TF.rotate(img, 10, fill=[1.0, 2.0]),
            lambda: TF.rotate(img, 10, center=3)]:
    try:
        bad()
        print("no error")
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
