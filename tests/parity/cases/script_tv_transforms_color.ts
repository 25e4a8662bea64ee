# torchvision.transforms ColorJitter, Grayscale, RandomGrayscale and the adjust_* functions on
# tensors, as torchvision 0.14 (same random draws under a seed).
import torch
from torchvision import transforms
import torchvision.transforms.functional as TF


def show(name: str, x: torch.Tensor) -> None:
    print(name, tuple(x.shape), x.dtype, round(float(x.double().sum()), 6), x.reshape(-1)[:4].tolist())


torch.manual_seed(1)
img = torch.rand(3, 6, 7)
u8 = (torch.rand(3, 5, 6) * 255).to(torch.uint8)
batch = torch.rand(2, 3, 4, 5)
gray = torch.rand(1, 5, 5)

for f in [0.0, 0.5, 1.0, 1.7]:
    show("brightness", TF.adjust_brightness(img, f))
    show("brightness u8", TF.adjust_brightness(u8, f))
    show("contrast", TF.adjust_contrast(img, f))
    show("contrast u8", TF.adjust_contrast(u8, f))
    show("contrast gray", TF.adjust_contrast(gray, f))
    show("saturation", TF.adjust_saturation(batch, f))
    show("saturation u8", TF.adjust_saturation(u8, f))
for h in [-0.5, -0.2, 0.0, 0.13, 0.5]:
    show("hue", TF.adjust_hue(img, h))
    show("hue u8", TF.adjust_hue(u8, h))
    show("hue batch", TF.adjust_hue(batch, h))
show("hue gray", TF.adjust_hue(gray, 0.3))
show("brightness int factor", TF.adjust_brightness(img, 2))
show("gray1", TF.rgb_to_grayscale(img))
show("gray3", TF.rgb_to_grayscale(u8, num_output_channels=3))
show("gray of gray", TF.rgb_to_grayscale(gray, 3))

for t in [transforms.Grayscale(), transforms.Grayscale(num_output_channels=3)]:
    print(t)
    show("img", t(img))
    show("batch", t(batch))
rg = transforms.RandomGrayscale(p=0.5)
print(rg, transforms.RandomGrayscale())
for i in range(4):
    show("rg", rg(img))

jitters = [transforms.ColorJitter(brightness=0.5), transforms.ColorJitter(0.4, 0.4, 0.4, 0.1),
           transforms.ColorJitter(brightness=(0.2, 1.5), contrast=[1, 3], saturation=(0.5, 0.5), hue=[-0.3, 0.2]),
           transforms.ColorJitter(contrast=1, hue=0.5), transforms.ColorJitter(), transforms.ColorJitter(saturation=1.0)]
for j in jitters:
    print(j)
    for i in range(2):
        show("img", j(img))
        show("u8", j(u8))
    show("batch", j(batch))
print(transforms.ColorJitter.get_params([0.5, 1.5], None, [0.0, 2.0], [-0.1, 0.1]))

for bad in [lambda: transforms.ColorJitter(brightness=-1), lambda: transforms.ColorJitter(contrast=(2, 1)),
            lambda: transforms.ColorJitter(hue=(-0.6, 0.1)), lambda: transforms.ColorJitter(hue=0.7),
            lambda: transforms.ColorJitter(saturation=[1, 2, 3]), lambda: TF.adjust_brightness(img, -0.5),
            lambda: TF.adjust_contrast(img, -2), lambda: TF.adjust_saturation(img, -1),
            lambda: TF.adjust_hue(img, 0.6), lambda: TF.rgb_to_grayscale(torch.rand(5, 5)),
            lambda: TF.rgb_to_grayscale(torch.rand(2, 5, 5)), lambda: TF.rgb_to_grayscale(img, 2),
            lambda: TF.adjust_brightness(torch.rand(4, 3, 3), 1.5)]:
    try:
        bad()
        print("no error")
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
