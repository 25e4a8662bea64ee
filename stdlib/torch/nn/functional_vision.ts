# torch.nn.functional's vision functions: pad, pixel_shuffle / pixel_unshuffle, interpolate and the
# upsample aliases, grid_sample and affine_grid, following PyTorch 1.13's functional.py.
# functional.ts re-exports every public name here.
import math
import torch
from typing import Optional, Any, List, Tuple
from torch.nn.functional_args import _ints


def pad(input: torch.Tensor, pad: Any, mode: str = "constant", value: Optional[float] = None) -> torch.Tensor:
    return torch.pad(input, _ints(pad, 1), mode, value)


def pixel_shuffle(input: torch.Tensor, upscale_factor: int) -> torch.Tensor:
    return torch.pixel_shuffle(input, upscale_factor)


def pixel_unshuffle(input: torch.Tensor, downscale_factor: int) -> torch.Tensor:
    return torch.pixel_unshuffle(input, downscale_factor)


def interpolate(input: torch.Tensor, size: Any = None, scale_factor: Any = None, mode: str = "nearest",
                align_corners: Optional[bool] = None, recompute_scale_factor: Optional[bool] = None,
                antialias: bool = False) -> torch.Tensor:
    ac = False
    if mode == "nearest" or mode == "area" or mode == "nearest-exact":
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: "
                             "linear | bilinear | bicubic | trilinear")
    elif align_corners is not None:
        ac = align_corners
    dim = input.dim() - 2
    output_size: Optional[List[int]] = None
    scale_factors: Optional[List[float]] = None
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    elif size is not None:
        if isinstance(size, int):
            output_size = [int(size)] * dim
        else:
            sl = [int(v) for v in size]
            if len(sl) != dim:
                raise ValueError("Input and output must have the same number of spatial dimensions, but got input "
                                 "with spatial dimensions of {} and output size of {}. Please provide input tensor "
                                 "in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) "
                                 "format.".format(list(input.shape)[2:], size))
            output_size = sl
    elif scale_factor is not None:
        if isinstance(scale_factor, float) or isinstance(scale_factor, int):
            scale_factors = [float(scale_factor)] * dim
        else:
            fl = [float(v) for v in scale_factor]
            if len(fl) != dim:
                raise ValueError("Input and scale_factor must have the same number of spatial dimensions, but got "
                                 "input with spatial dimensions of {} and scale_factor of shape {}. Please provide "
                                 "input tensor in (N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) "
                                 "format.".format(list(input.shape)[2:], scale_factor))
            scale_factors = fl
    else:
        raise ValueError("either size or scale_factor should be defined")
    recompute = recompute_scale_factor is not None and recompute_scale_factor
    if recompute and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if mode == "area" and output_size is None:
        recompute = True
    if recompute:
        sf = scale_factors
        assert sf is not None
        output_size = [int(math.floor(float(input.size(i + 2)) * sf[i])) for i in range(dim)]
        scale_factors = None
    nd = input.dim()
    if antialias and not ((mode == "bilinear" or mode == "bicubic") and nd == 4):
        raise ValueError("Anti-alias option is only supported for bilinear and bicubic modes")
    if nd == 3 and mode == "nearest-exact":
        return torch._upsample_nearest_exact1d(input, output_size, scale_factors)
    if nd == 4 and mode == "nearest-exact":
        return torch._upsample_nearest_exact2d(input, output_size, scale_factors)
    if nd == 5 and mode == "nearest-exact":
        return torch._upsample_nearest_exact3d(input, output_size, scale_factors)
    if nd == 4 and mode == "bilinear" and antialias:
        return torch._upsample_bilinear2d_aa(input, output_size, ac, scale_factors)
    if nd == 4 and mode == "bicubic" and antialias:
        return torch._upsample_bicubic2d_aa(input, output_size, ac, scale_factors)
    if nd == 3 and mode == "nearest":
        return torch.upsample_nearest1d(input, output_size, scale_factors)
    if nd == 4 and mode == "nearest":
        return torch.upsample_nearest2d(input, output_size, scale_factors)
    if nd == 5 and mode == "nearest":
        return torch.upsample_nearest3d(input, output_size, scale_factors)
    if mode == "area":
        osz = output_size
        assert osz is not None
        if nd == 3:
            return torch.adaptive_avg_pool1d(input, osz)
        if nd == 4:
            return torch.adaptive_avg_pool2d(input, osz)
        raise NotImplementedError("interpolate(mode='area') of 5D input is not supported yet")
    if nd == 3 and mode == "linear":
        return torch.upsample_linear1d(input, output_size, ac, scale_factors)
    if nd == 4 and mode == "bilinear":
        return torch.upsample_bilinear2d(input, output_size, ac, scale_factors)
    if nd == 5 and mode == "trilinear":
        return torch.upsample_trilinear3d(input, output_size, ac, scale_factors)
    if nd == 4 and mode == "bicubic":
        return torch.upsample_bicubic2d(input, output_size, ac, scale_factors)
    if nd == 3 and mode == "bilinear":
        raise NotImplementedError("Got 3D input, but bilinear mode needs 4D input")
    if nd == 3 and mode == "trilinear":
        raise NotImplementedError("Got 3D input, but trilinear mode needs 5D input")
    if nd == 4 and mode == "linear":
        raise NotImplementedError("Got 4D input, but linear mode needs 3D input")
    if nd == 4 and mode == "trilinear":
        raise NotImplementedError("Got 4D input, but trilinear mode needs 5D input")
    if nd == 5 and mode == "linear":
        raise NotImplementedError("Got 5D input, but linear mode needs 3D input")
    if nd == 5 and mode == "bilinear":
        raise NotImplementedError("Got 5D input, but bilinear mode needs 4D input")
    raise NotImplementedError("Input Error: Only 3D, 4D and 5D input Tensors supported (got {}D) for the modes: "
                              "nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got {})"
                              .format(nd, mode))


def upsample(input: torch.Tensor, size: Any = None, scale_factor: Any = None, mode: str = "nearest",
             align_corners: Optional[bool] = None) -> torch.Tensor:
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input: torch.Tensor, size: Any = None, scale_factor: Any = None) -> torch.Tensor:
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input: torch.Tensor, size: Any = None, scale_factor: Any = None) -> torch.Tensor:
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


def grid_sample(input: torch.Tensor, grid: torch.Tensor, mode: str = "bilinear", padding_mode: str = "zeros",
                align_corners: Optional[bool] = None) -> torch.Tensor:
    if mode != "bilinear" and mode != "nearest" and mode != "bicubic":
        raise ValueError("nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', "
                         "but got: '{}'".format(mode))
    if padding_mode != "zeros" and padding_mode != "border" and padding_mode != "reflection":
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
                         "'reflection', but got: '{}'".format(padding_mode))
    mode_enum = 0 if mode == "bilinear" else (1 if mode == "nearest" else 2)
    pad_enum = 0 if padding_mode == "zeros" else (1 if padding_mode == "border" else 2)
    ac = False if align_corners is None else align_corners
    return torch.grid_sampler(input, grid, mode_enum, pad_enum, ac)


def affine_grid(theta: torch.Tensor, size: List[int], align_corners: Optional[bool] = None) -> torch.Tensor:
    ac = False if align_corners is None else align_corners
    if not theta.is_floating_point():
        raise ValueError("Expected theta to have floating point type, but got {}".format(theta.dtype))
    if len(size) == 4:
        if theta.dim() != 3 or theta.shape[-2] != 2 or theta.shape[-1] != 3:
            raise ValueError("Expected a batch of 2D affine matrices of shape Nx2x3 for size {}. Got {}."
                             .format(size, theta.shape))
    elif len(size) == 5:
        if theta.dim() != 3 or theta.shape[-2] != 3 or theta.shape[-1] != 4:
            raise ValueError("Expected a batch of 3D affine matrices of shape Nx3x4 for size {}. Got {}."
                             .format(size, theta.shape))
    else:
        raise NotImplementedError("affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, "
                                  "respectively. Got size {}.".format(size))
    if len([v for v in size if v <= 0]) > 0:
        raise ValueError("Expected non-zero, positive output size. Got {}".format(size))
    return torch.affine_grid_generator(theta, size, ac)
