# torchvision.transforms on tensors (torchvision 0.14); the functions are in functional.ts
# (torchvision.transforms.functional). Random transforms draw from torch's default generator
# exactly as torchvision does (torch.rand(1), torch.randint(..., size=(1,)),
# torch.empty(1).uniform_(), torch.randperm(4)), and RandomOrder / RandomChoice from Python's
# `random`, as torchvision does, so a seeded script gets the same augmentations under python3.
# Each __repr__ is torchvision's (RandomResizedCrop's stray ")" included).
# Differences: images are tensors only (no PIL); ToTensor takes the uint8 tensors our datasets
# return (torchvision takes PIL images or numpy arrays); InterpolationMode is an object, not a
# class (functional.ts). A transform list (Compose, RandomApply, RandomChoice, RandomOrder) holds
# any callables: these transforms, a script's own classes with __call__, functions, lambdas.
import math
import random
import torch
import _ts
from typing import Any, Callable, List, Optional, Tuple
import torchvision.transforms.functional as functional  # transforms.functional.X, as in torchvision
from torchvision.transforms.functional import (InterpolationMode, _interpolation_from_int,
                                               _warn, _is_seq, _is_number, _type_str, get_dimensions,
                                               to_tensor, convert_image_dtype, normalize, hflip, vflip, pad, crop,
                                               center_crop, resize, resized_crop, rotate, rgb_to_grayscale,
                                               adjust_brightness, adjust_contrast, adjust_saturation, adjust_hue,
                                               gaussian_blur)


class _Transform:
    def __call__(self, img: Any) -> Any:
        return self.forward(img)

    def forward(self, img: Any) -> Any:
        raise NotImplementedError

    def __repr__(self) -> str:
        return _ts.class_name(self) + "()"


def _list_repr(name: str, transforms: List[Any]) -> str:
    s = name + "("
    for t in transforms:
        s += "\n    " + repr(t)
    return s + "\n)"


class Compose(_Transform):
    def __init__(self, transforms: List[Any]):
        self.transforms = transforms

    def forward(self, img: Any) -> Any:
        for t in self.transforms:
            img = t(img)
        return img

    def __repr__(self) -> str:
        return _list_repr("Compose", self.transforms)


class Lambda(_Transform):
    def __init__(self, lambd: Callable[[Any], Any]):
        self.lambd = lambd

    def forward(self, img: Any) -> Any:
        return self.lambd(img)


class ToTensor(_Transform):
    # uint8 [H, W] or [C, H, W] -> float [C, H, W] in [0, 1]; other dtypes keep their values.
    def forward(self, pic: Any) -> Any:
        return to_tensor(pic)


class ConvertImageDtype(_Transform):
    def __init__(self, dtype: Any):
        self.dtype = dtype

    def forward(self, image: Any) -> Any:
        return convert_image_dtype(image, self.dtype)


class Normalize(_Transform):
    def __init__(self, mean: Any, std: Any, inplace: bool = False):
        self.mean = mean
        self.std = std
        self.inplace = inplace

    def forward(self, tensor: Any) -> Any:
        return normalize(tensor, self.mean, self.std, self.inplace)

    def __repr__(self) -> str:
        return "Normalize(mean=" + str(self.mean) + ", std=" + str(self.std) + ")"


def _setup_size(size: Any, error_msg: str) -> Any:
    # torchvision's _setup_size: a number gives (n, n), a one-element sequence (s, s); a
    # two-element sequence is kept as it is (so a list prints as a list).
    if _is_number(size):
        return (int(size), int(size))
    if _is_seq(size) and len(size) == 1:
        return (size[0], size[0])
    if len(size) != 2:
        raise ValueError(error_msg)
    return size


def _size_pair(size: Any) -> Tuple[int, int]:
    s: List[int] = [int(v) for v in size]
    return (s[0], s[1])


class Resize(_Transform):
    def __init__(self, size: Any, interpolation: Any = InterpolationMode.BILINEAR, max_size: Optional[int] = None,
                 antialias: Optional[bool] = None):
        if not (isinstance(size, int) or _is_seq(size)):
            raise TypeError("Size should be int or sequence. Got " + _type_str(size))
        if _is_seq(size) and len(size) != 1 and len(size) != 2:
            raise ValueError("If size is a sequence, it should have 1 or 2 values")
        self.size = size
        self.max_size = max_size
        self.interpolation = _interpolation_from_int(interpolation)
        self.antialias = antialias

    def forward(self, img: Any) -> Any:
        return resize(img, self.size, self.interpolation, self.max_size, self.antialias)

    def __repr__(self) -> str:
        return ("Resize(size=" + str(self.size) + ", interpolation=" + self.interpolation.value + ", max_size=" +
                str(self.max_size) + ", antialias=" + str(self.antialias) + ")")


class CenterCrop(_Transform):
    def __init__(self, size: Any):
        self.size = _setup_size(size, "Please provide only two dimensions (h, w) for size.")

    def forward(self, img: Any) -> Any:
        return center_crop(img, self.size)

    def __repr__(self) -> str:
        return "CenterCrop(size=" + str(self.size) + ")"


class Pad(_Transform):
    def __init__(self, padding: Any, fill: Any = 0, padding_mode: str = "constant"):
        if not (_is_number(padding) or _is_seq(padding)):
            raise TypeError("Got inappropriate padding arg")
        if not (_is_number(fill) or _is_seq(fill)):
            raise TypeError("Got inappropriate fill arg")
        if padding_mode not in ["constant", "edge", "reflect", "symmetric"]:
            raise ValueError("Padding mode should be either constant, edge, reflect or symmetric")
        if _is_seq(padding) and len(padding) != 1 and len(padding) != 2 and len(padding) != 4:
            raise ValueError("Padding must be an int or a 1, 2, or 4 element tuple, not a " + str(len(padding)) +
                             " element tuple")
        self.padding = padding
        self.fill = fill
        self.padding_mode = padding_mode

    def forward(self, img: Any) -> Any:
        return pad(img, self.padding, self.fill, self.padding_mode)

    def __repr__(self) -> str:
        return ("Pad(padding=" + str(self.padding) + ", fill=" + str(self.fill) + ", padding_mode=" +
                self.padding_mode + ")")


class RandomApply(_Transform):
    def __init__(self, transforms: List[Any], p: Any = 0.5):
        self.transforms = transforms
        self.p = p

    def forward(self, img: Any) -> Any:
        # torchvision: `if self.p < torch.rand(1): return img`
        if bool(torch.rand(1) > self.p):
            return img
        for t in self.transforms:
            img = t(img)
        return img

    def __repr__(self) -> str:
        s = "RandomApply(\n    p=" + str(self.p)
        for t in self.transforms:
            s += "\n    " + repr(t)
        return s + "\n)"


class RandomTransforms(_Transform):
    def __init__(self, transforms: List[Any]):
        self.transforms = transforms

    def __repr__(self) -> str:
        return _list_repr(_ts.class_name(self), self.transforms)


class RandomOrder(RandomTransforms):
    def forward(self, img: Any) -> Any:
        order: List[int] = list(range(len(self.transforms)))
        random.shuffle(order)
        for i in order:
            img = self.transforms[i](img)
        return img


class RandomChoice(RandomTransforms):
    def __init__(self, transforms: List[Any], p: Optional[List[float]] = None):
        super().__init__(transforms)
        self.p = p

    def forward(self, img: Any) -> Any:
        t = random.choices(self.transforms, weights=self.p)[0]
        return t(img)

    def __repr__(self) -> str:
        return _list_repr("RandomChoice", self.transforms) + "(p=" + str(self.p) + ")"


class RandomCrop(_Transform):
    def __init__(self, size: Any, padding: Any = None, pad_if_needed: bool = False, fill: Any = 0,
                 padding_mode: str = "constant"):
        self.size = _size_pair(_setup_size(size, "Please provide only two dimensions (h, w) for size."))
        self.padding = padding
        self.pad_if_needed = pad_if_needed
        self.fill = fill
        self.padding_mode = padding_mode

    @staticmethod
    def get_params(img: torch.Tensor, output_size: Tuple[int, int]) -> Tuple[int, int, int, int]:
        dims = get_dimensions(img)
        h = dims[1]
        w = dims[2]
        th, tw = output_size
        if h < th or w < tw:
            raise ValueError("Required crop size " + str((th, tw)) + " is larger than input image size " + str((h, w)))
        if w == tw and h == th:
            return (0, 0, h, w)
        i = int(torch.randint(0, h - th + 1, size=(1,)).item())
        j = int(torch.randint(0, w - tw + 1, size=(1,)).item())
        return (i, j, th, tw)

    def forward(self, img: Any) -> Any:
        x: torch.Tensor = img
        if self.padding is not None:
            x = pad(x, self.padding, self.fill, self.padding_mode)
        dims = get_dimensions(x)
        height = dims[1]
        width = dims[2]
        if self.pad_if_needed and width < self.size[1]:
            x = pad(x, [self.size[1] - width, 0], self.fill, self.padding_mode)
        if self.pad_if_needed and height < self.size[0]:
            x = pad(x, [0, self.size[0] - height], self.fill, self.padding_mode)
        i, j, h, w = RandomCrop.get_params(x, self.size)
        return crop(x, i, j, h, w)

    def __repr__(self) -> str:
        return "RandomCrop(size=" + str(self.size) + ", padding=" + str(self.padding) + ")"


class RandomHorizontalFlip(_Transform):
    def __init__(self, p: Any = 0.5):
        self.p = p

    def forward(self, img: Any) -> Any:
        if bool(torch.rand(1) < self.p):
            return hflip(img)
        return img

    def __repr__(self) -> str:
        return "RandomHorizontalFlip(p=" + str(self.p) + ")"


class RandomVerticalFlip(_Transform):
    def __init__(self, p: Any = 0.5):
        self.p = p

    def forward(self, img: Any) -> Any:
        if bool(torch.rand(1) < self.p):
            return vflip(img)
        return img

    def __repr__(self) -> str:
        return "RandomVerticalFlip(p=" + str(self.p) + ")"


def _round4_tuple(xs: Any) -> str:
    # str(tuple(round(x, 4) for x in xs))
    parts: List[str] = []
    for x in xs:
        if isinstance(x, int):
            parts.append(str(x))
        else:
            parts.append(str(round(float(x), 4)))
    if len(parts) == 1:
        return "(" + parts[0] + ",)"
    return "(" + ", ".join(parts) + ")"


class RandomResizedCrop(_Transform):
    def __init__(self, size: Any, scale: Any = (0.08, 1.0), ratio: Any = (3.0 / 4.0, 4.0 / 3.0),
                 interpolation: Any = InterpolationMode.BILINEAR, antialias: Optional[bool] = None):
        self.size = _setup_size(size, "Please provide only two dimensions (h, w) for size.")
        if not _is_seq(scale):
            raise TypeError("Scale should be a sequence")
        if not _is_seq(ratio):
            raise TypeError("Ratio should be a sequence")
        if (scale[0] > scale[1]) or (ratio[0] > ratio[1]):
            _warn("Scale and ratio should be of kind (min, max)")
        self.interpolation = _interpolation_from_int(interpolation)
        self.antialias = antialias
        self.scale = scale
        self.ratio = ratio

    @staticmethod
    def get_params(img: torch.Tensor, scale: Any, ratio: Any) -> Tuple[int, int, int, int]:
        dims = get_dimensions(img)
        height = dims[1]
        width = dims[2]
        area = height * width
        ratios: List[float] = [float(r) for r in ratio]
        log_ratio = torch.log(torch.tensor(ratios))
        lo = float(log_ratio[0])
        hi = float(log_ratio[1])
        s0 = float(scale[0])
        s1 = float(scale[1])
        for _ in range(10):
            target_area = area * torch.empty(1).uniform_(s0, s1).item()
            aspect_ratio = torch.exp(torch.empty(1).uniform_(lo, hi)).item()
            w = int(round(math.sqrt(target_area * aspect_ratio)))
            h = int(round(math.sqrt(target_area / aspect_ratio)))
            if 0 < w and w <= width and 0 < h and h <= height:
                i = int(torch.randint(0, height - h + 1, size=(1,)).item())
                j = int(torch.randint(0, width - w + 1, size=(1,)).item())
                return (i, j, h, w)
        in_ratio = float(width) / float(height)
        w = width
        h = height
        if in_ratio < min(ratios):
            w = width
            h = int(round(w / min(ratios)))
        elif in_ratio > max(ratios):
            h = height
            w = int(round(h * max(ratios)))
        return ((height - h) // 2, (width - w) // 2, h, w)

    def forward(self, img: Any) -> Any:
        i, j, h, w = RandomResizedCrop.get_params(img, self.scale, self.ratio)
        return resized_crop(img, i, j, h, w, self.size, self.interpolation, antialias=self.antialias)

    def __repr__(self) -> str:
        return ("RandomResizedCrop(size=" + str(self.size) + ", scale=" + _round4_tuple(self.scale) + ", ratio=" +
                _round4_tuple(self.ratio) + ", interpolation=" + self.interpolation.value + "), antialias=" +
                str(self.antialias) + ")")


def _check_jitter_input(value: Any, name: str, center: int, bound_lo: float, bound_hi: float, bound_str: str,
                        clip_first_on_zero: bool) -> Any:
    v: Any = value
    if _is_number(value):
        if value < 0:
            raise ValueError("If " + name + " is a single number, it must be non negative.")
        pair: List[float] = [center - float(value), center + float(value)]
        if clip_first_on_zero:
            pair[0] = max(pair[0], 0.0)
        v = pair
    elif _is_seq(value) and len(value) == 2:
        if not (bound_lo <= value[0] and value[0] <= value[1] and value[1] <= bound_hi):
            raise ValueError(name + " values should be between " + bound_str)
    else:
        raise TypeError(name + " should be a single number or a list/tuple with length 2.")
    if v[0] == v[1] and v[1] == center:
        return None
    return v


class ColorJitter(_Transform):
    def __init__(self, brightness: Any = 0, contrast: Any = 0, saturation: Any = 0, hue: Any = 0):
        inf = float("inf")
        self.brightness = _check_jitter_input(brightness, "brightness", 1, 0.0, inf, "(0, inf)", True)
        self.contrast = _check_jitter_input(contrast, "contrast", 1, 0.0, inf, "(0, inf)", True)
        self.saturation = _check_jitter_input(saturation, "saturation", 1, 0.0, inf, "(0, inf)", True)
        self.hue = _check_jitter_input(hue, "hue", 0, -0.5, 0.5, "(-0.5, 0.5)", False)

    @staticmethod
    def get_params(brightness: Any, contrast: Any, saturation: Any,
                   hue: Any) -> Tuple[torch.Tensor, Optional[float], Optional[float], Optional[float], Optional[float]]:
        fn_idx = torch.randperm(4)
        b: Optional[float] = None
        c: Optional[float] = None
        s: Optional[float] = None
        h: Optional[float] = None
        if brightness is not None:
            b = float(torch.empty(1).uniform_(float(brightness[0]), float(brightness[1])))
        if contrast is not None:
            c = float(torch.empty(1).uniform_(float(contrast[0]), float(contrast[1])))
        if saturation is not None:
            s = float(torch.empty(1).uniform_(float(saturation[0]), float(saturation[1])))
        if hue is not None:
            h = float(torch.empty(1).uniform_(float(hue[0]), float(hue[1])))
        return (fn_idx, b, c, s, h)

    def forward(self, img: Any) -> Any:
        fn_idx, b, c, s, h = ColorJitter.get_params(self.brightness, self.contrast, self.saturation, self.hue)
        x: torch.Tensor = img
        order: List[int] = fn_idx.tolist()
        for fn_id in order:
            if fn_id == 0 and b is not None:
                x = adjust_brightness(x, b)
            elif fn_id == 1 and c is not None:
                x = adjust_contrast(x, c)
            elif fn_id == 2 and s is not None:
                x = adjust_saturation(x, s)
            elif fn_id == 3 and h is not None:
                x = adjust_hue(x, h)
        return x

    def __repr__(self) -> str:
        return ("ColorJitter(brightness=" + str(self.brightness) + ", contrast=" + str(self.contrast) +
                ", saturation=" + str(self.saturation) + ", hue=" + str(self.hue) + ")")


def _setup_angle(x: Any, name: str) -> List[float]:
    if _is_number(x):
        if x < 0:
            raise ValueError("If " + name + " is a single number, it must be positive.")
        return [float(-x), float(x)]
    if not _is_seq(x):
        raise TypeError(name + " should be a sequence of length 2.")
    if len(x) != 2:
        raise ValueError(name + " should be a sequence of length 2.")
    return [float(d) for d in x]


class RandomRotation(_Transform):
    def __init__(self, degrees: Any, interpolation: Any = InterpolationMode.NEAREST, expand: bool = False,
                 center: Any = None, fill: Any = 0):
        interpolation = _interpolation_from_int(interpolation)
        self.degrees = _setup_angle(degrees, "degrees")
        if center is not None:
            if not _is_seq(center):
                raise TypeError("center should be a sequence of length 2.")
            if len(center) != 2:
                raise ValueError("center should be a sequence of length 2.")
        self.center = center
        self.interpolation = interpolation
        self.expand = expand
        if fill is None:
            fill = 0
        elif not (_is_seq(fill) or _is_number(fill)):
            raise TypeError("Fill should be either a sequence or a number.")
        self.fill = fill

    @staticmethod
    def get_params(degrees: List[float]) -> float:
        return float(torch.empty(1).uniform_(float(degrees[0]), float(degrees[1])).item())

    def forward(self, img: Any) -> Any:
        x: torch.Tensor = img
        channels = get_dimensions(x)[0]
        fill: List[float] = []
        if _is_number(self.fill):
            fill = [float(self.fill)] * channels
        else:
            fill = [float(f) for f in self.fill]
        angle = RandomRotation.get_params(self.degrees)
        return rotate(x, angle, self.interpolation, self.expand, self.center, fill)

    def __repr__(self) -> str:
        s = ("RandomRotation(degrees=" + str(self.degrees) + ", interpolation=" + self.interpolation.value +
             ", expand=" + str(self.expand))
        if self.center is not None:
            s += ", center=" + str(self.center)
        if self.fill is not None:
            s += ", fill=" + str(self.fill)
        return s + ")"


class Grayscale(_Transform):
    def __init__(self, num_output_channels: int = 1):
        self.num_output_channels = num_output_channels

    def forward(self, img: Any) -> Any:
        return rgb_to_grayscale(img, num_output_channels=self.num_output_channels)

    def __repr__(self) -> str:
        return "Grayscale(num_output_channels=" + str(self.num_output_channels) + ")"


class RandomGrayscale(_Transform):
    def __init__(self, p: Any = 0.1):
        self.p = p

    def forward(self, img: Any) -> Any:
        num_output_channels = get_dimensions(img)[0]
        if bool(torch.rand(1) < self.p):
            return rgb_to_grayscale(img, num_output_channels=num_output_channels)
        return img

    def __repr__(self) -> str:
        return "RandomGrayscale(p=" + str(self.p) + ")"


class GaussianBlur(_Transform):
    def __init__(self, kernel_size: Any, sigma: Any = (0.1, 2.0)):
        self.kernel_size = _setup_size(kernel_size, "Kernel size should be a tuple/list of two integers")
        for ks in self.kernel_size:
            if ks <= 0 or ks % 2 == 0:
                raise ValueError("Kernel size value should be an odd and positive number.")
        if _is_number(sigma):
            if sigma <= 0:
                raise ValueError("If sigma is a single number, it must be positive.")
            sigma = (sigma, sigma)
        elif _is_seq(sigma) and len(sigma) == 2:
            if not (0.0 < sigma[0] and sigma[0] <= sigma[1]):
                raise ValueError("sigma values should be positive and of the form (min, max).")
        else:
            raise ValueError("sigma should be a single number or a list/tuple with length 2.")
        self.sigma = sigma

    @staticmethod
    def get_params(sigma_min: float, sigma_max: float) -> float:
        return float(torch.empty(1).uniform_(sigma_min, sigma_max).item())

    def forward(self, img: Any) -> Any:
        sigma = GaussianBlur.get_params(float(self.sigma[0]), float(self.sigma[1]))
        return gaussian_blur(img, self.kernel_size, [sigma, sigma])

    def __repr__(self) -> str:
        return "GaussianBlur(kernel_size=" + str(self.kernel_size) + ", sigma=" + str(self.sigma) + ")"
