# torchvision.transforms.functional on tensors (torchvision 0.14): `import
# torchvision.transforms.functional as TF`. Each function follows the tensor path of torchvision's
# functional.py and functional_tensor.py (the same operators in the same order, so the results
# are the same bits, and the same error messages). Images are tensors [..., C, H, W] (PIL images
# do not exist in Ts). InterpolationMode is an object whose members (InterpolationMode.BILINEAR,
# ...) have torchvision's `name`, `value`, str and repr, and `InterpolationMode("bilinear")` looks
# one up by value as an Enum does; it is not a class, so it cannot annotate a variable. An int
# interpolation (PIL's constants) is taken with torchvision's deprecation warning on stderr.
# The image checks and conversions are in _image.ts, the colour operations in _color.ts; both are
# re-exported here.
import math
import torch
import torch.nn.functional as F
import _ts
from typing import Any, Dict, List, Optional, Tuple
from torchvision.transforms._image import (_type_str, _assert_image_tensor, get_dimensions, get_image_size, get_image_num_channels, _assert_channels, _max_value, _is_int_dtype, _cast_squeeze_in, _cast_squeeze_out, to_tensor, convert_image_dtype)
from torchvision.transforms._color import (rgb_to_grayscale, _blend, adjust_brightness, adjust_contrast, adjust_saturation, _rgb2hsv, _hsv2rgb, adjust_hue, adjust_gamma, invert)


class _InterpolationModeMember:
    def __init__(self, name: str, value: str):
        self.name = name
        self.value = value

    def __str__(self) -> str:
        return "InterpolationMode." + self.name

    def __repr__(self) -> str:
        return "<InterpolationMode." + self.name + ": '" + self.value + "'>"


class _InterpolationModeEnum:
    def __init__(self):
        self.NEAREST = _InterpolationModeMember("NEAREST", "nearest")
        self.BILINEAR = _InterpolationModeMember("BILINEAR", "bilinear")
        self.BICUBIC = _InterpolationModeMember("BICUBIC", "bicubic")
        self.BOX = _InterpolationModeMember("BOX", "box")
        self.HAMMING = _InterpolationModeMember("HAMMING", "hamming")
        self.LANCZOS = _InterpolationModeMember("LANCZOS", "lanczos")

    def members(self) -> List[_InterpolationModeMember]:
        return [self.NEAREST, self.BILINEAR, self.BICUBIC, self.BOX, self.HAMMING, self.LANCZOS]

    def __call__(self, value: Any) -> _InterpolationModeMember:
        for m in self.members():
            if isinstance(value, str) and m.value == value:
                return m
        raise ValueError(repr(value) + " is not a valid InterpolationMode")

    def __repr__(self) -> str:
        return "<enum 'InterpolationMode'>"


InterpolationMode = _InterpolationModeEnum()

_warned: Dict[str, bool] = {}


def _warn(msg: str) -> None:
    # warnings.warn's default filter shows a message once per place in the library.
    if msg in _warned:
        return
    _warned[msg] = True
    _ts.stderr_write("UserWarning: " + msg + "\n")


def _interpolation_modes_from_int(i: int) -> _InterpolationModeMember:
    if i == 0:
        return InterpolationMode.NEAREST
    if i == 2:
        return InterpolationMode.BILINEAR
    if i == 3:
        return InterpolationMode.BICUBIC
    if i == 4:
        return InterpolationMode.BOX
    if i == 5:
        return InterpolationMode.HAMMING
    if i == 1:
        return InterpolationMode.LANCZOS
    raise KeyError(i)


def _interpolation_from_int(interpolation: Any) -> Any:
    # The constructors' and functions' backward compatibility with PIL's int constants.
    if isinstance(interpolation, int):
        _warn("Argument 'interpolation' of type int is deprecated since 0.13 and will be removed in 0.15. "
              "Please use InterpolationMode enum.")
        return _interpolation_modes_from_int(int(interpolation))
    return interpolation


def _interpolation_value(interpolation: Any) -> str:
    interpolation = _interpolation_from_int(interpolation)
    if not isinstance(interpolation, _InterpolationModeMember):
        raise TypeError("Argument interpolation should be a InterpolationMode")
    m: _InterpolationModeMember = interpolation
    return m.value


def _is_seq(x: Any) -> bool:
    return isinstance(x, list) or isinstance(x, tuple)


def _is_number(x: Any) -> bool:
    return isinstance(x, int) or isinstance(x, float)



def _floats(x: Any) -> List[float]:
    if _is_number(x):
        return [float(x)]
    return [float(v) for v in x]


def normalize(tensor: torch.Tensor, mean: Any, std: Any, inplace: bool = False) -> torch.Tensor:
    _assert_image_tensor(tensor)
    if not tensor.is_floating_point():
        raise TypeError("Input tensor should be a float tensor. Got " + str(tensor.dtype) + ".")
    if tensor.dim() < 3:
        raise ValueError("Expected tensor to be a tensor image of size (..., C, H, W). Got tensor.size() = " +
                         str(tensor.size()))
    if not inplace:
        tensor = tensor.clone()
    m = torch.tensor(_floats(mean), dtype=tensor.dtype)
    s = torch.tensor(_floats(std), dtype=tensor.dtype)
    if _is_number(mean):
        m = m.reshape([])
    if _is_number(std):
        s = s.reshape([])
    if bool((s == 0).any()):
        raise ValueError("std evaluated to zero after conversion to " + str(tensor.dtype) +
                         ", leading to division by zero.")
    if m.dim() == 1:
        m = m.view(-1, 1, 1)
    if s.dim() == 1:
        s = s.view(-1, 1, 1)
    return tensor.sub_(m).div_(s)


# --- geometry ----------------------------------------------------------------------------------

def hflip(img: torch.Tensor) -> torch.Tensor:
    _assert_image_tensor(img)
    return img.flip(-1)


def vflip(img: torch.Tensor) -> torch.Tensor:
    _assert_image_tensor(img)
    return img.flip(-2)


def _parse_pad_padding(padding: Any) -> List[int]:
    # [left, right, top, bottom] from an int or a 1, 2 or 4 element sequence.
    if isinstance(padding, int):
        v = int(padding)
        return [v, v, v, v]
    p: List[int] = [int(v) for v in padding]
    if len(p) == 1:
        return [p[0], p[0], p[0], p[0]]
    if len(p) == 2:
        return [p[0], p[0], p[1], p[1]]
    return [p[0], p[2], p[1], p[3]]


def _pad_symmetric(img: torch.Tensor, padding: List[int]) -> torch.Tensor:
    # padding is [left, right, top, bottom]; a negative one crops first.
    if padding[0] < 0 or padding[1] < 0 or padding[2] < 0 or padding[3] < 0:
        crop_left = -min(padding[0], 0)
        crop_right = -min(padding[1], 0)
        crop_top = -min(padding[2], 0)
        crop_bottom = -min(padding[3], 0)
        img = img[..., crop_top:img.size(-2) - crop_bottom, crop_left:img.size(-1) - crop_right]
        padding = [max(x, 0) for x in padding]
    w = img.size(-1)
    h = img.size(-2)
    x_idx: List[int] = [i for i in range(padding[0] - 1, -1, -1)] + [i for i in range(w)] + \
        [w - (i + 1) for i in range(padding[1])]
    y_idx: List[int] = [i for i in range(padding[2] - 1, -1, -1)] + [i for i in range(h)] + \
        [h - (i + 1) for i in range(padding[3])]
    if img.dim() != 3 and img.dim() != 4:
        raise RuntimeError("Symmetric padding of N-D tensors are not supported yet")
    return img.index_select(-2, torch.tensor(y_idx)).index_select(-1, torch.tensor(x_idx))


def pad(img: torch.Tensor, padding: Any, fill: Any = 0, padding_mode: str = "constant") -> torch.Tensor:
    _assert_image_tensor(img)
    if fill is None:
        fill = 0
    if not (isinstance(padding, int) or _is_seq(padding)):
        raise TypeError("Got inappropriate padding arg")
    if not _is_number(fill):
        raise TypeError("Got inappropriate fill arg")
    if _is_seq(padding):
        n = len(padding)
        if n != 1 and n != 2 and n != 4:
            raise ValueError("Padding must be an int or a 1, 2, or 4 element tuple, not a " + str(n) +
                             " element tuple")
    if padding_mode not in ["constant", "edge", "reflect", "symmetric"]:
        raise ValueError("Padding mode should be either constant, edge, reflect or symmetric")
    p = _parse_pad_padding(padding)
    mode = padding_mode
    if mode == "edge":
        mode = "replicate"
    elif mode == "symmetric":
        return _pad_symmetric(img, p)
    need_squeeze = False
    if img.dim() < 4:
        img = img.unsqueeze(dim=0)
        need_squeeze = True
    out_dtype = img.dtype
    need_cast = False
    if mode != "constant" and img.dtype != torch.float32 and img.dtype != torch.float64:
        need_cast = True
        img = img.to(torch.float32)
    if mode == "reflect" or mode == "replicate":
        img = F.pad(img, p, mode=mode)
    else:
        img = F.pad(img, p, mode=mode, value=float(fill))
    if need_squeeze:
        img = img.squeeze(dim=0)
    if need_cast:
        img = img.to(out_dtype)
    return img


def crop(img: torch.Tensor, top: int, left: int, height: int, width: int) -> torch.Tensor:
    _assert_image_tensor(img)
    h = img.size(-2)
    w = img.size(-1)
    right = left + width
    bottom = top + height
    if left < 0 or top < 0 or right > w or bottom > h:
        padding = [max(-left + min(0, right), 0), max(-top + min(0, bottom), 0), max(right - max(w, left), 0),
                   max(bottom - max(h, top), 0)]
        return pad(img[..., max(top, 0):bottom, max(left, 0):right], padding, 0)
    return img[..., top:bottom, left:right]


def _two(size: Any) -> List[int]:
    # `a, b = size` for a sequence, with Python's unpacking errors.
    s: List[int] = [int(v) for v in size]
    if len(s) > 2:
        raise ValueError("too many values to unpack (expected 2)")
    if len(s) < 2:
        raise ValueError("not enough values to unpack (expected 2, got " + str(len(s)) + ")")
    return s


def center_crop(img: torch.Tensor, output_size: Any) -> torch.Tensor:
    if _is_number(output_size):
        output_size = (int(output_size), int(output_size))
    elif _is_seq(output_size) and len(output_size) == 1:
        output_size = (output_size[0], output_size[0])
    dims = get_dimensions(img)
    image_height = dims[1]
    image_width = dims[2]
    hw = _two(output_size)
    crop_height = hw[0]
    crop_width = hw[1]
    if crop_width > image_width or crop_height > image_height:
        padding_ltrb = [
            (crop_width - image_width) // 2 if crop_width > image_width else 0,
            (crop_height - image_height) // 2 if crop_height > image_height else 0,
            (crop_width - image_width + 1) // 2 if crop_width > image_width else 0,
            (crop_height - image_height + 1) // 2 if crop_height > image_height else 0,
        ]
        img = pad(img, padding_ltrb, fill=0)
        image_height = img.size(-2)
        image_width = img.size(-1)
        if crop_width == image_width and crop_height == image_height:
            return img
    crop_top = int(round((image_height - crop_height) / 2.0))
    crop_left = int(round((image_width - crop_width) / 2.0))
    return crop(img, crop_top, crop_left, crop_height, crop_width)


def _compute_resized_output_size(image_height: int, image_width: int, size: List[int], size_str: str,
                                 max_size: Optional[int] = None) -> List[int]:
    if len(size) == 1:
        h = image_height
        w = image_width
        short = w if w <= h else h
        long = h if w <= h else w
        requested_new_short = size[0]
        new_short = requested_new_short
        new_long = int(requested_new_short * long / short)
        if max_size is not None:
            if max_size <= requested_new_short:
                raise ValueError("max_size = " + str(max_size) + " must be strictly greater than the requested "
                                 "size for the smaller edge size = " + size_str)
            if new_long > max_size:
                new_short = int(max_size * new_short / new_long)
                new_long = max_size
        if w <= h:
            return [new_long, new_short]
        return [new_short, new_long]
    return [size[0], size[1]]


def _resize_tensor(img: torch.Tensor, size: List[int], interpolation: str = "bilinear",
                   antialias: Optional[bool] = None) -> torch.Tensor:
    _assert_image_tensor(img)
    aa = False if antialias is None else antialias
    if aa and interpolation != "bilinear" and interpolation != "bicubic":
        raise ValueError("Antialias option is supported for bilinear and bicubic interpolation modes only")
    x, need_cast, need_squeeze, out_dtype = _cast_squeeze_in(img, [torch.float32, torch.float64])
    if interpolation == "bilinear" or interpolation == "bicubic":
        x = F.interpolate(x, size=size, mode=interpolation, align_corners=False, antialias=aa)
    else:
        x = F.interpolate(x, size=size, mode=interpolation, antialias=aa)
    if interpolation == "bicubic" and out_dtype == torch.uint8:
        x = x.clamp(min=0, max=255)
    return _cast_squeeze_out(x, need_cast, need_squeeze, out_dtype)


def resize(img: torch.Tensor, size: Any, interpolation: Any = InterpolationMode.BILINEAR,
           max_size: Optional[int] = None, antialias: Optional[bool] = None) -> torch.Tensor:
    mode = _interpolation_value(interpolation)
    if _is_seq(size):
        n = len(size)
        if n != 1 and n != 2:
            raise ValueError("Size must be an int or a 1 or 2 element tuple/list, not a " + str(n) +
                             " element tuple/list")
        if max_size is not None and n != 1:
            raise ValueError("max_size should only be passed if size specifies the length of the smaller edge, "
                             "i.e. size should be an int or a sequence of length 1 in torchscript mode.")
    dims = get_dimensions(img)
    image_height = dims[1]
    image_width = dims[2]
    sizes: List[int] = []
    size_str = ""
    if isinstance(size, int):
        sizes = [int(size)]
        size_str = str(sizes)
    elif _is_seq(size):
        sizes = [int(v) for v in size]
        size_str = str(size)
    else:
        raise TypeError("object of type '" + type(size).__name__ + "' has no len()")
    output_size = _compute_resized_output_size(image_height, image_width, sizes, size_str, max_size)
    # torchvision 0.14 compares the (h, w) tuple with this list here, which is never equal, so an
    # image already of the size is interpolated too (a new tensor, never the input itself).
    return _resize_tensor(img, output_size, mode, antialias)


def resized_crop(img: torch.Tensor, top: int, left: int, height: int, width: int, size: Any,
                 interpolation: Any = InterpolationMode.BILINEAR, antialias: Optional[bool] = None) -> torch.Tensor:
    img = crop(img, top, left, height, width)
    return resize(img, size, interpolation, antialias=antialias)


def _get_inverse_affine_matrix(center: List[float], angle: float, translate: List[float], scale: float,
                               shear: List[float], inverted: bool = True) -> List[float]:
    rot = math.radians(angle)
    sx = math.radians(shear[0])
    sy = math.radians(shear[1])
    cx = center[0]
    cy = center[1]
    tx = translate[0]
    ty = translate[1]
    a = math.cos(rot - sy) / math.cos(sy)
    b = -math.cos(rot - sy) * math.tan(sx) / math.cos(sy) - math.sin(rot)
    c = math.sin(rot - sy) / math.cos(sy)
    d = -math.sin(rot - sy) * math.tan(sx) / math.cos(sy) + math.cos(rot)
    if inverted:
        matrix = [d, -b, 0.0, -c, a, 0.0]
        matrix = [x / scale for x in matrix]
        matrix[2] += matrix[0] * (-cx - tx) + matrix[1] * (-cy - ty)
        matrix[5] += matrix[3] * (-cx - tx) + matrix[4] * (-cy - ty)
        matrix[2] += cx
        matrix[5] += cy
        return matrix
    matrix = [a, b, 0.0, c, d, 0.0]
    matrix = [x * scale for x in matrix]
    matrix[2] += matrix[0] * (-cx) + matrix[1] * (-cy)
    matrix[5] += matrix[3] * (-cx) + matrix[4] * (-cy)
    matrix[2] += cx + tx
    matrix[5] += cy + ty
    return matrix


def _assert_grid_transform_inputs(img: torch.Tensor, matrix: List[float], interpolation: str, fill: Any,
                                  supported: List[str]) -> None:
    _assert_image_tensor(img)
    if len(matrix) != 6:
        raise ValueError("Argument matrix should have 6 float values")
    if fill is not None and not (_is_number(fill) or _is_seq(fill)):
        _warn("Argument fill should be either int, float, tuple or list")
    num_channels = get_dimensions(img)[0]
    if fill is not None and _is_seq(fill) and len(fill) > 1 and len(fill) != num_channels:
        raise ValueError("The number of elements in 'fill' cannot broadcast to match the number of channels of the "
                         "image (" + str(len(fill)) + " != " + str(num_channels) + ")")
    if interpolation not in supported:
        raise ValueError("Interpolation mode '" + interpolation + "' is unsupported with Tensor input")


def _apply_grid_transform(img: torch.Tensor, grid: torch.Tensor, mode: str, fill: Any) -> torch.Tensor:
    x, need_cast, need_squeeze, out_dtype = _cast_squeeze_in(img, [grid.dtype])
    if x.size(0) > 1:
        grid = grid.expand(x.size(0), grid.size(1), grid.size(2), grid.size(3))
    if fill is not None:
        mask = torch.ones([x.size(0), 1, x.size(2), x.size(3)], dtype=x.dtype)
        x = torch.cat([x, mask], dim=1)
    x = F.grid_sample(x, grid, mode=mode, padding_mode="zeros", align_corners=False)
    if fill is not None:
        m = x[:, -1:, :, :]
        x = x[:, :-1, :, :]
        m = m.expand_as(x)
        fill_list: List[float] = [float(v) for v in fill] if _is_seq(fill) else [float(fill)]
        fill_img = torch.tensor(fill_list, dtype=x.dtype).view(1, len(fill_list), 1, 1).expand_as(x)
        if mode == "nearest":
            x = torch.where(m < 0.5, fill_img, x)
        else:
            x = x * m + (1.0 - m) * fill_img
    return _cast_squeeze_out(x, need_cast, need_squeeze, out_dtype)


def _gen_affine_grid(theta: torch.Tensor, w: int, h: int, ow: int, oh: int) -> torch.Tensor:
    d = 0.5
    base_grid = torch.empty(1, oh, ow, 3, dtype=theta.dtype)
    x_grid = torch.linspace(-ow * 0.5 + d, ow * 0.5 + d - 1, steps=ow)
    base_grid[..., 0].copy_(x_grid)
    y_grid = torch.linspace(-oh * 0.5 + d, oh * 0.5 + d - 1, steps=oh).unsqueeze(-1)
    base_grid[..., 1].copy_(y_grid)
    base_grid[..., 2].fill_(1)
    rescaled_theta = theta.transpose(1, 2) / torch.tensor([0.5 * w, 0.5 * h], dtype=theta.dtype)
    output_grid = base_grid.view(1, oh * ow, 3).bmm(rescaled_theta)
    return output_grid.view(1, oh, ow, 2)


def _compute_affine_output_size(matrix: List[float], w: int, h: int) -> Tuple[int, int]:
    pts = torch.tensor([[-0.5 * w, -0.5 * h, 1.0], [-0.5 * w, 0.5 * h, 1.0], [0.5 * w, 0.5 * h, 1.0],
                        [0.5 * w, -0.5 * h, 1.0]])
    theta = torch.tensor(matrix, dtype=torch.float32).view(2, 3)
    new_pts = torch.matmul(pts, theta.T)
    min_vals = new_pts.min(dim=0).values
    max_vals = new_pts.max(dim=0).values
    min_vals += torch.tensor([w * 0.5, h * 0.5])
    max_vals += torch.tensor([w * 0.5, h * 0.5])
    tol = 1e-4
    cmax = torch.ceil((max_vals / tol).trunc_() * tol)
    cmin = torch.floor((min_vals / tol).trunc_() * tol)
    size = cmax - cmin
    return (int(size[0]), int(size[1]))


def _rotate_tensor(img: torch.Tensor, matrix: List[float], interpolation: str = "nearest", expand: bool = False,
                   fill: Any = None) -> torch.Tensor:
    _assert_grid_transform_inputs(img, matrix, interpolation, fill, ["nearest", "bilinear"])
    w = img.size(-1)
    h = img.size(-2)
    ow = w
    oh = h
    if expand:
        ow, oh = _compute_affine_output_size(matrix, w, h)
    dtype = img.dtype if img.is_floating_point() else torch.float32
    theta = torch.tensor(matrix, dtype=dtype).reshape(1, 2, 3)
    grid = _gen_affine_grid(theta, w, h, ow, oh)
    return _apply_grid_transform(img, grid, interpolation, fill)


def rotate(img: torch.Tensor, angle: Any, interpolation: Any = InterpolationMode.NEAREST, expand: bool = False,
           center: Any = None, fill: Any = None) -> torch.Tensor:
    interpolation = _interpolation_from_int(interpolation)
    if not _is_number(angle):
        raise TypeError("Argument angle should be int or float")
    if center is not None and not _is_seq(center):
        raise TypeError("Argument center should be a sequence")
    mode = _interpolation_value(interpolation)
    center_f = [0.0, 0.0]
    if center is not None:
        dims = get_dimensions(img)
        cs: List[float] = [float(v) for v in center]
        center_f = [1.0 * (cs[0] - dims[2] * 0.5), 1.0 * (cs[1] - dims[1] * 0.5)]
    matrix = _get_inverse_affine_matrix(center_f, -float(angle), [0.0, 0.0], 1.0, [0.0, 0.0])
    return _rotate_tensor(img, matrix, mode, expand, fill)


# --- blur --------------------------------------------------------------------------------------

def _get_gaussian_kernel1d(kernel_size: int, sigma: float) -> torch.Tensor:
    ksize_half = (kernel_size - 1) * 0.5
    x = torch.linspace(-ksize_half, ksize_half, steps=kernel_size)
    pdf = torch.exp(-0.5 * (x / sigma).pow(2))
    return pdf / pdf.sum()


def _get_gaussian_kernel2d(kernel_size: List[int], sigma: List[float], dtype: Any) -> torch.Tensor:
    kernel1d_x = _get_gaussian_kernel1d(kernel_size[0], sigma[0]).to(dtype=dtype)
    kernel1d_y = _get_gaussian_kernel1d(kernel_size[1], sigma[1]).to(dtype=dtype)
    return torch.mm(kernel1d_y[:, None], kernel1d_x[None, :])


def _gaussian_blur_tensor(img: torch.Tensor, kernel_size: List[int], sigma: List[float]) -> torch.Tensor:
    _assert_image_tensor(img)
    dtype = img.dtype if img.is_floating_point() else torch.float32
    kernel = _get_gaussian_kernel2d(kernel_size, sigma, dtype)
    kernel = kernel.expand(img.size(-3), 1, kernel.size(0), kernel.size(1))
    x, need_cast, need_squeeze, out_dtype = _cast_squeeze_in(img, [kernel.dtype])
    padding = [kernel_size[0] // 2, kernel_size[0] // 2, kernel_size[1] // 2, kernel_size[1] // 2]
    x = F.pad(x, padding, mode="reflect")
    x = F.conv2d(x, kernel, groups=x.size(-3))
    return _cast_squeeze_out(x, need_cast, need_squeeze, out_dtype)


def gaussian_blur(img: torch.Tensor, kernel_size: Any, sigma: Any = None) -> torch.Tensor:
    if not (isinstance(kernel_size, int) or _is_seq(kernel_size)):
        raise TypeError("kernel_size should be int or a sequence of integers. Got " + _type_str(kernel_size))
    if isinstance(kernel_size, int):
        kernel_size = [kernel_size, kernel_size]
    if len(kernel_size) != 2:
        raise ValueError("If kernel_size is a sequence its length should be 2. Got " + str(len(kernel_size)))
    ks: List[int] = [int(k) for k in kernel_size]
    for k in ks:
        if k % 2 == 0 or k < 0:
            raise ValueError("kernel_size should have odd and positive integers. Got " + str(kernel_size))
    if sigma is None:
        sigma = [k * 0.15 + 0.35 for k in ks]
    if not (_is_number(sigma) or _is_seq(sigma)):
        raise TypeError("sigma should be either float or sequence of floats. Got " + _type_str(sigma))
    if _is_number(sigma):
        sigma = [float(sigma), float(sigma)]
    if _is_seq(sigma) and len(sigma) == 1:
        sigma = [sigma[0], sigma[0]]
    if len(sigma) != 2:
        raise ValueError("If sigma is a sequence, its length should be 2. Got " + str(len(sigma)))
    for s in sigma:
        if s <= 0.0:
            raise ValueError("sigma should have positive values. Got " + str(sigma))
    sg: List[float] = [float(s) for s in sigma]
    return _gaussian_blur_tensor(img, ks, sg)


def erase(img: torch.Tensor, i: int, j: int, h: int, w: int, v: torch.Tensor, inplace: bool = False) -> torch.Tensor:
    _assert_image_tensor(img)
    if not inplace:
        img = img.clone()
    img[..., i:i + h, j:j + w] = v
    return img
