# torchvision.transforms.functional's colour operations on image tensors (torchvision 0.14):
# rgb_to_grayscale, the adjust_* functions (through HSV for saturation and hue), invert.
# functional.ts re-exports them.
import torch
from typing import Any, List
from torchvision.transforms._image import _assert_channels, _assert_image_tensor, convert_image_dtype, get_dimensions


# --- color -------------------------------------------------------------------------------------

def rgb_to_grayscale(img: torch.Tensor, num_output_channels: int = 1) -> torch.Tensor:
    if img.dim() < 3:
        raise TypeError("Input image tensor should have at least 3 dimensions, but found " + str(img.dim()))
    _assert_channels(img, [1, 3])
    if num_output_channels != 1 and num_output_channels != 3:
        raise ValueError("num_output_channels should be either 1 or 3")
    l_img = img
    if img.size(-3) == 3:
        rgb = img.unbind(dim=-3)
        l_img = (0.2989 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]).to(img.dtype)
        l_img = l_img.unsqueeze(dim=-3)
    else:
        l_img = img.clone()
    if num_output_channels == 3:
        return l_img.expand(img.shape)
    return l_img


def _blend(img1: torch.Tensor, img2: torch.Tensor, ratio: Any) -> torch.Tensor:
    r = float(ratio)
    bound = 1.0 if img1.is_floating_point() else 255.0
    return (r * img1 + (1.0 - r) * img2).clamp(0, bound).to(img1.dtype)


def adjust_brightness(img: torch.Tensor, brightness_factor: Any) -> torch.Tensor:
    if brightness_factor < 0:
        raise ValueError("brightness_factor (" + str(brightness_factor) + ") is not non-negative.")
    _assert_image_tensor(img)
    _assert_channels(img, [1, 3])
    return _blend(img, torch.zeros_like(img), brightness_factor)


def adjust_contrast(img: torch.Tensor, contrast_factor: Any) -> torch.Tensor:
    if contrast_factor < 0:
        raise ValueError("contrast_factor (" + str(contrast_factor) + ") is not non-negative.")
    _assert_image_tensor(img)
    _assert_channels(img, [3, 1])
    c = get_dimensions(img)[0]
    dtype = img.dtype if img.is_floating_point() else torch.float32
    mean = img
    if c == 3:
        mean = torch.mean(rgb_to_grayscale(img).to(dtype), dim=[-3, -2, -1], keepdim=True)
    else:
        mean = torch.mean(img.to(dtype), dim=[-3, -2, -1], keepdim=True)
    return _blend(img, mean, contrast_factor)


def adjust_saturation(img: torch.Tensor, saturation_factor: Any) -> torch.Tensor:
    if saturation_factor < 0:
        raise ValueError("saturation_factor (" + str(saturation_factor) + ") is not non-negative.")
    _assert_image_tensor(img)
    _assert_channels(img, [1, 3])
    if get_dimensions(img)[0] == 1:
        return img
    return _blend(img, rgb_to_grayscale(img), saturation_factor)


def _rgb2hsv(img: torch.Tensor) -> torch.Tensor:
    rgb = img.unbind(dim=-3)
    r = rgb[0]
    g = rgb[1]
    b = rgb[2]
    maxc = torch.max(img, dim=-3).values
    minc = torch.min(img, dim=-3).values
    eqc = maxc == minc
    cr = maxc - minc
    ones = torch.ones_like(maxc)
    s = cr / torch.where(eqc, ones, maxc)
    cr_divisor = torch.where(eqc, ones, cr)
    rc = (maxc - r) / cr_divisor
    gc = (maxc - g) / cr_divisor
    bc = (maxc - b) / cr_divisor
    hr = (maxc == r) * (bc - gc)
    hg = ((maxc == g) & (maxc != r)) * (2.0 + rc - bc)
    hb = ((maxc != g) & (maxc != r)) * (4.0 + gc - rc)
    h = hr + hg + hb
    h = torch.fmod((h / 6.0 + 1.0), 1.0)
    return torch.stack([h, s, maxc], dim=-3)


def _hsv2rgb(img: torch.Tensor) -> torch.Tensor:
    hsv = img.unbind(dim=-3)
    h = hsv[0]
    s = hsv[1]
    v = hsv[2]
    i = torch.floor(h * 6.0)
    f = (h * 6.0) - i
    i = i.to(dtype=torch.int32)
    p = torch.clamp((v * (1.0 - s)), 0.0, 1.0)
    q = torch.clamp((v * (1.0 - s * f)), 0.0, 1.0)
    t = torch.clamp((v * (1.0 - s * (1.0 - f))), 0.0, 1.0)
    i = i % 6
    mask = i.unsqueeze(dim=-3) == torch.arange(6).view(-1, 1, 1)
    a1 = torch.stack([v, q, p, p, t, v], dim=-3)
    a2 = torch.stack([t, v, v, q, p, p], dim=-3)
    a3 = torch.stack([p, p, t, v, v, q], dim=-3)
    a4 = torch.stack([a1, a2, a3], dim=-4)
    return torch.einsum("...ijk, ...xijk -> ...xjk", mask.to(dtype=img.dtype), a4)


def adjust_hue(img: torch.Tensor, hue_factor: Any) -> torch.Tensor:
    if not (-0.5 <= hue_factor and hue_factor <= 0.5):
        raise ValueError("hue_factor (" + str(hue_factor) + ") is not in [-0.5, 0.5].")
    _assert_image_tensor(img)
    _assert_channels(img, [1, 3])
    if get_dimensions(img)[0] == 1:
        return img
    orig_dtype = img.dtype
    x = img
    if img.dtype == torch.uint8:
        x = img.to(dtype=torch.float32) / 255.0
    x = _rgb2hsv(x)
    hsv = x.unbind(dim=-3)
    h = (hsv[0] + hue_factor) % 1.0
    x = torch.stack([h, hsv[1], hsv[2]], dim=-3)
    img_hue_adj = _hsv2rgb(x)
    if orig_dtype == torch.uint8:
        img_hue_adj = (img_hue_adj * 255.0).to(dtype=orig_dtype)
    return img_hue_adj


def adjust_gamma(img: torch.Tensor, gamma: Any, gain: Any = 1) -> torch.Tensor:
    _assert_channels(img, [1, 3])
    if gamma < 0:
        raise ValueError("Gamma should be a non-negative real number")
    result = img
    dtype = img.dtype
    if not img.is_floating_point():
        result = convert_image_dtype(result, torch.float32)
    result = (gain * result ** gamma).clamp(0, 1)
    return convert_image_dtype(result, dtype)


def invert(img: torch.Tensor) -> torch.Tensor:
    _assert_image_tensor(img)
    if img.dim() < 3:
        raise TypeError("Input image tensor should have at least 3 dimensions, but found " + str(img.dim()))
    _assert_channels(img, [1, 3])
    bound = torch.tensor(1 if img.is_floating_point() else 255, dtype=img.dtype)
    return bound - img
