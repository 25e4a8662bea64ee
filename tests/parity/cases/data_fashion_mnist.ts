# torchvision.datasets.FashionMNIST on the real test set (Debian's dataset-fashion-mnist, laid
# out by tests/parity/run as root/FashionMNIST/raw/ for torchvision): shapes, labels, pixel sums.
import os
import torch
from torchvision import datasets, transforms
from torch.utils.data import DataLoader

root = os.environ.get("TS_PARITY_FASHION_MNIST", "")
if root == "":
    print("dataset-fashion-mnist is not installed")
else:
    ds = datasets.FashionMNIST(root, train=False, transform=transforms.ToTensor())
    print(len(ds), ds.data.shape, ds.data.dtype, ds.targets.dtype, ds.targets[:12])
    img: torch.Tensor = ds[0][0]
    label: int = ds[0][1]
    print(img.shape, img.dtype, label, round(float(img.sum()), 4))
    for i in [1, 2, 500, 9999]:
        im: torch.Tensor = ds[i][0]
        print(i, ds[i][1], round(float(im.sum()), 4), round(float(im.max()), 4), im[0, 14, 10:18])
    print(ds)
    print(ds.classes, ds.class_to_idx["Bag"])
    total = 0.0
    n = 0
    counts = torch.zeros(10, dtype=torch.int64)
    for xb, yb in DataLoader(ds, batch_size=500):
        total += float(torch.sum(xb, dtype=torch.float64))
        n += len(yb)
        counts += torch.bincount(yb, minlength=10)
    print(n, round(total, 2), counts)
    torch.manual_seed(0)
    aug = datasets.FashionMNIST(root, train=False, transform=transforms.Compose([
        transforms.ToTensor(), transforms.RandomCrop(28, padding=2), transforms.RandomHorizontalFlip(),
        transforms.Normalize((0.2860,), (0.3530,))]))
    for xb, yb in DataLoader(aug, batch_size=4, shuffle=True):
        print(yb, round(float(torch.sum(xb, dtype=torch.float64)), 3))
        break
    train = datasets.FashionMNIST(root, train=True)
    print(len(train), train.targets[:10], train.data[59999].sum())
