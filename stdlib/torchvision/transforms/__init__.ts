# torchvision.transforms on tensors (torchvision 0.14). Random transforms draw from torch's
# default generator exactly as torchvision does (torch.rand(1), torch.randint(..., size=(1,)),
# torch.empty(1).uniform_()), so a seeded script gets the same augmentations under python3.
# Differences: ToTensor takes the uint8 tensors our datasets return (torchvision takes PIL
# images or numpy arrays); RandomRotation is nearest-neighbour only, with expand=False.
import math
import torch
import _ts
from typing import Any, Callable, List, Optional, Tuple


class _Transform:
    def __call__(self, img: Any) -> Any:
        return self.forward(img)

    def forward(self, img: Any) -> Any:
        raise NotImplementedError

    def __repr__(self) -> str:
        return _ts.class_name(self) + "()"


class Compose(_Transform):
    def __init__(self, transforms: List[_Transform]):
        self.transforms = transforms

    def forward(self, img: Any) -> Any:
        for t in self.transforms:
            img = t(img)
        return img

    def __repr__(self) -> str:
        s = "Compose("
        for t in self.transforms:
            s += "\n    " + repr(t)
        return s + "\n)"


class Lambda(_Transform):
    def __init__(self, lambd: Callable[[Any], Any]):
        self.lambd = lambd

    def forward(self, img: Any) -> Any:
        return self.lambd(img)


def _max_value(dtype: Any) -> int:
    if dtype == torch.uint8:
        return 255
    if dtype == torch.int8:
        return 127
    if dtype == torch.int16:
        return 32767
    if dtype == torch.int32:
        return 2147483647
    if dtype == torch.int64:
        return 9223372036854775807
    return 1


class ToTensor(_Transform):
    # uint8 [H, W] or [C, H, W] -> float [C, H, W] in [0, 1]; other dtypes keep their values.
    def forward(self, pic: Any) -> Any:
        if not isinstance(pic, torch.Tensor):
            raise TypeError("pic should be PIL Image or ndarray. Got " + "<class '" + _ts.class_name(pic) + "'>")
        img: torch.Tensor = pic
        if img.dim() == 2:
            img = img.unsqueeze(0)
        if img.dim() != 3:
            raise ValueError("pic should be 2/3 dimensional. Got " + str(img.dim()) + " dimensions.")
        img = img.contiguous()
        if img.dtype == torch.uint8:
            return img.to(dtype=torch.float32).div(255)
        return img


def convert_image_dtype(image: torch.Tensor, dtype: Any = torch.float32) -> torch.Tensor:
    if image.dtype == dtype:
        return image
    if image.is_floating_point():
        if torch.empty(0, dtype=dtype).is_floating_point():
            return image.to(dtype)
        if (image.dtype == torch.float32 and (dtype == torch.int32 or dtype == torch.int64)) or (
                image.dtype == torch.float64 and dtype == torch.int64):
            raise RuntimeError("The cast from " + str(image.dtype) + " to " + str(dtype) + " cannot be performed safely.")
        eps = 1e-3
        max_val = float(_max_value(dtype))
        return image.mul(max_val + 1.0 - eps).to(dtype)
    input_max = float(_max_value(image.dtype))
    if torch.empty(0, dtype=dtype).is_floating_point():
        return image.to(dtype) / input_max
    output_max = float(_max_value(dtype))
    if input_max > output_max:
        factor = int((input_max + 1) // (output_max + 1))
        return torch.div(image, factor, rounding_mode="floor").to(dtype)
    factor = int((output_max + 1) // (input_max + 1))
    return image.to(dtype) * factor


class ConvertImageDtype(_Transform):
    def __init__(self, dtype: Any):
        self.dtype = dtype

    def forward(self, image: Any) -> Any:
        return convert_image_dtype(image, self.dtype)


def _floats(x: Any) -> List[float]:
    if isinstance(x, int) or isinstance(x, float):
        return [float(x)]
    return [float(v) for v in x]


def normalize(tensor: torch.Tensor, mean: Any, std: Any, inplace: bool = False) -> torch.Tensor:
    if not tensor.is_floating_point():
        raise TypeError("Input tensor should be a float tensor. Got " + str(tensor.dtype) + ".")
    if tensor.dim() < 3:
        raise ValueError("Expected tensor to be a tensor image of size (..., C, H, W). Got tensor.size() = " +
                         str(tensor.size()))
    if not inplace:
        tensor = tensor.clone()
    m = torch.tensor(_floats(mean), dtype=tensor.dtype)
    s = torch.tensor(_floats(std), dtype=tensor.dtype)
    if bool((s == 0).any()):
        raise ValueError("std evaluated to zero after conversion to " + str(tensor.dtype) + ", leading to division by zero.")
    if m.dim() == 1:
        m = m.view(-1, 1, 1)
    if s.dim() == 1:
        s = s.view(-1, 1, 1)
    return tensor.sub_(m).div_(s)


class Normalize(_Transform):
    def __init__(self, mean: Any, std: Any, inplace: bool = False):
        self.mean = mean
        self.std = std
        self.inplace = inplace

    def forward(self, tensor: Any) -> Any:
        return normalize(tensor, self.mean, self.std, self.inplace)

    def __repr__(self) -> str:
        return "Normalize(mean=" + str(self.mean) + ", std=" + str(self.std) + ")"


def hflip(img: torch.Tensor) -> torch.Tensor:
    return img.flip(-1)


class RandomHorizontalFlip(_Transform):
    def __init__(self, p: float = 0.5):
        self.p = p

    def forward(self, img: Any) -> Any:
        if bool(torch.rand(1) < self.p):
            return hflip(img)
        return img

    def __repr__(self) -> str:
        return "RandomHorizontalFlip(p=" + str(self.p) + ")"


def _parse_padding(padding: Any) -> List[int]:
    # [left, right, top, bottom] from an int or a 1, 2 or 4 element sequence.
    if isinstance(padding, int):
        return [padding, padding, padding, padding]
    p: List[int] = [int(v) for v in padding]
    if len(p) == 1:
        return [p[0], p[0], p[0], p[0]]
    if len(p) == 2:
        return [p[0], p[0], p[1], p[1]]
    if len(p) == 4:
        return [p[0], p[2], p[1], p[3]]
    raise ValueError("Padding must be an int or a 1, 2, or 4 element tuple, not a " + str(len(p)) + " element tuple")


def pad(img: torch.Tensor, padding: Any, fill: float = 0, padding_mode: str = "constant") -> torch.Tensor:
    if padding_mode != "constant":
        raise NotImplementedError("padding_mode='" + padding_mode + "' is not implemented in Ts yet (only 'constant')")
    p = _parse_padding(padding)
    for v in p:
        if v < 0:
            raise NotImplementedError("negative padding is not implemented in Ts yet")
    h = img.size(-2)
    w = img.size(-1)
    shape: List[int] = [int(v) for v in img.size()]
    shape[-2] = h + p[2] + p[3]
    shape[-1] = w + p[0] + p[1]
    out = torch.full(shape, fill, dtype=img.dtype)
    out[..., p[2]:p[2] + h, p[0]:p[0] + w] = img
    return out


def crop(img: torch.Tensor, top: int, left: int, height: int, width: int) -> torch.Tensor:
    h = img.size(-2)
    w = img.size(-1)
    right = left + width
    bottom = top + height
    if left < 0 or top < 0 or right > w or bottom > h:
        padding = [max(-left + min(0, right), 0), max(-top + min(0, bottom), 0), max(right - max(w, left), 0),
                   max(bottom - max(h, top), 0)]
        return pad(img[..., max(top, 0):bottom, max(left, 0):right], padding, 0)
    return img[..., top:bottom, left:right]


def _setup_size(size: Any) -> Tuple[int, int]:
    if isinstance(size, int):
        return (size, size)
    s: List[int] = [int(v) for v in size]
    if len(s) == 1:
        return (s[0], s[0])
    if len(s) != 2:
        raise ValueError("Please provide only two dimensions (h, w) for size.")
    return (s[0], s[1])


class RandomCrop(_Transform):
    def __init__(self, size: Any, padding: Any = None, pad_if_needed: bool = False, fill: float = 0,
                 padding_mode: str = "constant"):
        self.size = _setup_size(size)
        self.padding = padding
        self.pad_if_needed = pad_if_needed
        self.fill = fill
        self.padding_mode = padding_mode

    @staticmethod
    def get_params(img: torch.Tensor, output_size: Tuple[int, int]) -> Tuple[int, int, int, int]:
        h = img.size(-2)
        w = img.size(-1)
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
        height = x.size(-2)
        width = x.size(-1)
        if self.pad_if_needed and width < self.size[1]:
            x = pad(x, [self.size[1] - width, 0], self.fill, self.padding_mode)
        if self.pad_if_needed and height < self.size[0]:
            x = pad(x, [0, self.size[0] - height], self.fill, self.padding_mode)
        i, j, h, w = RandomCrop.get_params(x, self.size)
        return crop(x, i, j, h, w)

    def __repr__(self) -> str:
        return "RandomCrop(size=" + str(self.size) + ", padding=" + str(self.padding) + ")"


def _rotation_matrix(angle: float, center: List[float]) -> List[float]:
    # torchvision's _get_inverse_affine_matrix(center, -angle, [0, 0], 1.0, [0, 0]).
    rot = -angle * (math.pi / 180.0)
    cx = center[0]
    cy = center[1]
    a = math.cos(rot)
    b = -math.cos(rot) * math.tan(0.0) - math.sin(rot)
    c = math.sin(rot)
    d = -math.sin(rot) * math.tan(0.0) + math.cos(rot)
    m = [d, -b, 0.0, -c, a, 0.0]
    m[2] += m[0] * (-cx - 0.0) + m[1] * (-cy - 0.0)
    m[5] += m[3] * (-cx - 0.0) + m[4] * (-cy - 0.0)
    m[2] += cx
    m[5] += cy
    return m


def rotate(img: torch.Tensor, angle: float, center: Optional[List[int]] = None, fill: Optional[List[float]] = None) -> torch.Tensor:
    # Nearest-neighbour rotation about the centre, the output the size of the input: the
    # affine grid torchvision builds, then grid_sample(mode="nearest", align_corners=False)
    # (source coordinate (x + 1) * size / 2 - 0.5, rounded half to even; outside is `fill`).
    h = img.size(-2)
    w = img.size(-1)
    center_f = [0.0, 0.0]
    if center is not None:
        center_f = [1.0 * (center[0] - w * 0.5), 1.0 * (center[1] - h * 0.5)]
    matrix = _rotation_matrix(angle, center_f)
    dtype = img.dtype if img.is_floating_point() else torch.float32
    theta = torch.tensor(matrix, dtype=dtype).reshape(1, 2, 3)
    base_grid = torch.empty(1, h, w, 3, dtype=dtype)
    base_grid[..., 0].copy_(torch.linspace(-w * 0.5 + 0.5, w * 0.5 + 0.5 - 1, steps=w))
    base_grid[..., 1].copy_(torch.linspace(-h * 0.5 + 0.5, h * 0.5 + 0.5 - 1, steps=h).unsqueeze(-1))
    base_grid[..., 2].fill_(1)
    rescaled = theta.transpose(1, 2) / torch.tensor([0.5 * w, 0.5 * h], dtype=dtype)
    grid = base_grid.view(1, h * w, 3).bmm(rescaled).view(h, w, 2)
    ix = ((grid[..., 0] + 1) * (w / 2) - 0.5).round()
    iy = ((grid[..., 1] + 1) * (h / 2) - 0.5).round()
    inside = (ix > -1) & (ix < w) & (iy > -1) & (iy < h)
    index = (iy.clamp(0, h - 1).long() * w + ix.clamp(0, w - 1).long()).reshape(-1)
    x = img.to(dtype)
    squeeze = x.dim() == 2
    if squeeze:
        x = x.unsqueeze(0)
    lead: List[int] = [int(v) for v in x.size()]
    lead = lead[:-2]
    flat = x.reshape(-1, h * w)
    out = flat.index_select(1, index).reshape(-1, h, w)
    fill_values: List[float] = [0.0] if fill is None else fill
    fill_t = torch.tensor(fill_values, dtype=dtype)
    if len(fill_values) > 1:
        fill_t = fill_t.view(-1, 1, 1)
    out = torch.where(inside, out, fill_t)
    out = out.reshape(lead + [h, w])
    if squeeze:
        out = out.squeeze(0)
    if not img.is_floating_point():
        out = out.round().to(img.dtype)
    return out


class RandomRotation(_Transform):
    def __init__(self, degrees: Any, interpolation: Any = None, expand: bool = False, center: Optional[List[int]] = None,
                 fill: float = 0):
        if isinstance(degrees, int) or isinstance(degrees, float):
            if degrees < 0:
                raise ValueError("If degrees is a single number, it must be positive.")
            self.degrees = [float(-degrees), float(degrees)]
        else:
            d: List[float] = [float(v) for v in degrees]
            if len(d) != 2:
                raise ValueError("If degrees is a sequence, it must be of len 2.")
            self.degrees = d
        if expand:
            raise NotImplementedError("RandomRotation(expand=True) is not implemented in Ts yet")
        self.expand = expand
        self.center = center
        self.fill = fill

    @staticmethod
    def get_params(degrees: List[float]) -> float:
        return float(torch.empty(1).uniform_(float(degrees[0]), float(degrees[1])).item())

    def forward(self, img: Any) -> Any:
        x: torch.Tensor = img
        channels = 1 if x.dim() == 2 else x.size(-3)
        fill = [float(self.fill)] * channels
        angle = RandomRotation.get_params(self.degrees)
        return rotate(x, angle, self.center, fill)

    def __repr__(self) -> str:
        return ("RandomRotation(degrees=" + str(self.degrees) + ", interpolation=nearest, expand=" + str(self.expand) +
                ", fill=" + str(self.fill) + ")")
