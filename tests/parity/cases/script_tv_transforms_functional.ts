# torchvision.transforms.functional on tensors (normalize, convert_image_dtype, crop, flips,
# get_dimensions, invert, adjust_gamma, erase), as torchvision 0.14.
import torch
import torchvision.transforms.functional as TF
from torchvision.transforms.functional import InterpolationMode


def show(name: str, x: torch.Tensor) -> None:
    print(name, tuple(x.shape), x.dtype, round(float(x.double().sum()), 6), x.reshape(-1)[:4].tolist())


torch.manual_seed(6)
img = torch.rand(3, 5, 6)
u8 = (torch.rand(3, 4, 4) * 255).to(torch.uint8)
print(TF.get_dimensions(img), TF.get_image_size(img), TF.get_image_num_channels(img), TF.get_dimensions(torch.rand(4, 7)))
show("normalize", TF.normalize(img, [0.5, 0.4, 0.3], [0.2, 0.25, 0.3]))
show("normalize scalar", TF.normalize(img, 0.5, 0.25))
x = img.clone()
y = TF.normalize(x, (0.1, 0.2, 0.3), (1.0, 2.0, 3.0), inplace=True)
print(y is x, round(float(x.sum()), 6))
show("to float", TF.convert_image_dtype(u8, torch.float32))
show("to u8", TF.convert_image_dtype(img, torch.uint8))
show("to int16", TF.convert_image_dtype(u8, torch.int16))
show("crop", TF.crop(img, 1, 2, 3, 3))
show("crop out", TF.crop(u8, 2, -1, 4, 3))
show("hflip", TF.hflip(u8))
show("vflip", TF.vflip(u8))
show("invert", TF.invert(img))
show("invert u8", TF.invert(u8))
show("gamma", TF.adjust_gamma(img, 0.5))
show("gamma u8", TF.adjust_gamma(u8, 2.2, gain=0.9))
show("erase", TF.erase(img, 1, 1, 2, 3, torch.zeros(3, 2, 3)))
show("resize", TF.resize(u8, [6, 5], InterpolationMode.NEAREST))
show("pad", TF.pad(u8, [1, 2], padding_mode="symmetric"))
show("center", TF.center_crop(img, 4))
show("resized_crop", TF.resized_crop(u8, 0, 1, 3, 3, 5, InterpolationMode.BILINEAR))
show("gray", TF.rgb_to_grayscale(img))
show("rotate", TF.rotate(u8, 33.3))
show("blur", TF.gaussian_blur(u8, [3, 3]))
for bad in [lambda: TF.normalize(u8, [0.5], [0.5]), lambda: TF.normalize(torch.rand(4, 4), [0.5], [0.5]),
            lambda: TF.normalize(img, [0.5], [0.0]), lambda: TF.convert_image_dtype(img, torch.int32),
            lambda: TF.resize(img, 4, interpolation="bilinear"), lambda: TF.rotate(img, "30"),
            lambda: TF.invert(torch.rand(3, 3)), lambda: TF.hflip(torch.rand(3))]:
    try:
        bad()
        print("no error")
    except (ValueError, TypeError, RuntimeError) as e:
        print(type(e).__name__, e)
