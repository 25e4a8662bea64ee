# torchvision.datasets: MNIST and FashionMNIST read from IDX files (raw or .gz), CIFAR10 from
# the binary batches (cifar-10-batches-bin; torchvision reads the pickled Python version).
# Differences from torchvision 0.14: an image is a uint8 [28, 28] tensor (Ts has no PIL),
# which transforms.ToTensor() turns into the same float [1, 28, 28] tensor torchvision gives;
# `root` may be torchvision's layout (root/FashionMNIST/raw/) or a flat directory holding the
# four files, such as Debian's /usr/share/datasets/fashion-mnist; nothing is downloaded.
import os
import torch
import _ts
from typing import Any, Dict, List, Optional, Tuple
from torch.utils.data import Dataset


def _find_file(root: str, folder: str, name: str) -> str:
    for d in [os.path.join(os.path.join(root, folder), "raw"), root]:
        for n in [name, name + ".gz"]:
            p = os.path.join(d, n)
            if os.path.isfile(p):
                return p
    return ""


class _VisionDataset(Dataset):
    # What MNIST and CIFAR10 share: where they read from, the split, the transforms applied to
    # each sample and the class names.
    def __init__(self, root: str, train: bool, transform: Any, target_transform: Any, classes: List[str]):
        self.root = root
        self.train = train
        self.transform = transform
        self.target_transform = target_transform
        self.classes = classes

    def _sample(self, img: Any, target: Any) -> Any:
        if self.transform is not None:
            img = self.transform(img)
        if self.target_transform is not None:
            target = self.target_transform(target)
        return (img, target)

    @property
    def class_to_idx(self) -> Dict[str, int]:
        out: Dict[str, int] = {}
        for i, c in enumerate(self.classes):
            out[c] = i
        return out


class MNIST(_VisionDataset):
    def __init__(self, root: str, train: bool = True, transform: Any = None, target_transform: Any = None,
                 download: bool = False):
        super().__init__(root, train, transform, target_transform, self._classes())
        folder = self._folder()
        prefix = "train" if train else "t10k"
        image_file = _find_file(root, folder, prefix + "-images-idx3-ubyte")
        label_file = _find_file(root, folder, prefix + "-labels-idx1-ubyte")
        if image_file == "" or label_file == "":
            missing = prefix + ("-images-idx3-ubyte" if image_file == "" else "-labels-idx1-ubyte")
            where = "looked for " + missing + "[.gz] in " + os.path.join(os.path.join(root, folder), "raw") + " and " + root
            if download:
                raise RuntimeError("Dataset not found and download=True is not supported in Ts (no network access); " +
                                   self._install_hint() + " (" + where + ")")
            raise RuntimeError("Dataset not found. You can use download=True to download it (" + where + "; " +
                               self._install_hint() + ")")
        self.data = _ts.read_idx(image_file)
        if self.data.dim() != 3 or self.data.dtype != torch.uint8:
            raise RuntimeError("'" + image_file + "' is not an IDX image file of uint8 [N, H, W] images")
        self.targets = _ts.read_idx(label_file).long()
        if self.targets.dim() != 1 or self.targets.size(0) != self.data.size(0):
            raise RuntimeError("'" + label_file + "' does not hold one label per image of '" + image_file + "'")

    def _folder(self) -> str:
        return "MNIST"

    def _classes(self) -> List[str]:
        return ["0 - zero", "1 - one", "2 - two", "3 - three", "4 - four", "5 - five", "6 - six", "7 - seven", "8 - eight",
                "9 - nine"]

    def _install_hint(self) -> str:
        return "no Debian package ships MNIST: put the four IDX files (.gz or raw) in root or root/MNIST/raw"

    def __getitem__(self, index: int) -> Any:
        return self._sample(self.data[index], int(self.targets[index]))

    def __len__(self) -> int:
        return self.data.size(0)

    def __repr__(self) -> str:
        split = "Train" if self.train else "Test"
        lines = ["Dataset " + _ts.class_name(self), "    Number of datapoints: " + str(len(self)),
                 "    Root location: " + self.root, "    Split: " + split]
        if self.transform is not None:
            lines.append("    StandardTransform")
            lines.append("Transform: " + repr(self.transform).replace("\n", "\n           "))
        if self.target_transform is not None:
            if self.transform is None:
                lines.append("    StandardTransform")
            lines.append("Target transform: " + repr(self.target_transform).replace("\n", "\n                  "))
        return "\n".join(lines)


class FashionMNIST(MNIST):
    def _folder(self) -> str:
        return "FashionMNIST"

    def _classes(self) -> List[str]:
        return ["T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot"]

    def _install_hint(self) -> str:
        return "install the Debian package dataset-fashion-mnist and use root=\"/usr/share/datasets/fashion-mnist\""


class CIFAR10(_VisionDataset):
    # Reads data_batch_1..5.bin / test_batch.bin (records of one label byte and 3072 pixel
    # bytes, channel-major) from root/cifar-10-batches-bin or root itself. `data` is uint8
    # [N, 32, 32, 3] like torchvision's array; an image is uint8 [3, 32, 32], which
    # transforms.ToTensor() turns into torchvision's float [3, 32, 32]; `targets` is a list.
    def __init__(self, root: str, train: bool = True, transform: Any = None, target_transform: Any = None,
                 download: bool = False):
        super().__init__(root, train, transform, target_transform,
                         ["airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"])
        names = ["data_batch_1.bin", "data_batch_2.bin", "data_batch_3.bin", "data_batch_4.bin", "data_batch_5.bin"]
        if not train:
            names = ["test_batch.bin"]
        parts: List[torch.Tensor] = []
        for name in names:
            path = ""
            for d in [os.path.join(root, "cifar-10-batches-bin"), root]:
                if path == "" and os.path.isfile(os.path.join(d, name)):
                    path = os.path.join(d, name)
            if path == "":
                where = "looked for " + name + " in " + os.path.join(root, "cifar-10-batches-bin") + " and " + root
                if download:
                    raise RuntimeError("Dataset not found and download=True is not supported in Ts (no network access): " +
                                       "put CIFAR-10's binary version (cifar-10-binary.tar.gz) under root (" + where + ")")
                raise RuntimeError("Dataset not found or corrupted. You can use download=True to download it (" + where + ")")
            raw = _ts.read_bytes(path)
            if raw.size(0) == 0 or raw.size(0) % 3073 != 0:
                raise RuntimeError("'" + path + "' is not a CIFAR-10 binary batch: " + str(raw.size(0)) +
                                   " bytes is not a whole number of 3073-byte records")
            parts.append(raw.view(-1, 3073))
        records = torch.cat(parts, 0)
        self.targets: List[int] = records[:, 0].tolist()
        self._images = records[:, 1:].reshape(-1, 3, 32, 32).contiguous()
        self.data = self._images.permute(0, 2, 3, 1)

    def __getitem__(self, index: int) -> Any:
        return self._sample(self._images[index], self.targets[index])

    def __len__(self) -> int:
        return self._images.size(0)

