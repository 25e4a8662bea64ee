# torchvision.transforms.functional's checks and conversions of image tensors, shared by
# functional.ts (geometry, blur) and _color.ts: dimensions, channel checks, dtype ranges and casts,
# to_tensor and convert_image_dtype (torchvision 0.14).
import torch
from typing import Any, List, Tuple


def _type_str(x: Any) -> str:
    return str(type(x))


# --- shapes and dtypes -------------------------------------------------------------------------

def _assert_image_tensor(img: torch.Tensor) -> None:
    if img.dim() < 2:
        raise TypeError("Tensor is not a torch image.")


def get_dimensions(img: torch.Tensor) -> List[int]:
    _assert_image_tensor(img)
    channels = 1 if img.dim() == 2 else img.size(-3)
    return [channels, img.size(-2), img.size(-1)]


def get_image_size(img: torch.Tensor) -> List[int]:
    _assert_image_tensor(img)
    return [img.size(-1), img.size(-2)]


def get_image_num_channels(img: torch.Tensor) -> int:
    _assert_image_tensor(img)
    if img.dim() == 2:
        return 1
    return img.size(-3)


def _assert_channels(img: torch.Tensor, permitted: List[int]) -> None:
    c = get_dimensions(img)[0]
    if c not in permitted:
        raise TypeError("Input image tensor permitted channel values are " + str(permitted) + ", but found " + str(c))


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


def _is_int_dtype(dtype: Any) -> bool:
    return (dtype == torch.uint8 or dtype == torch.int8 or dtype == torch.int16 or dtype == torch.int32 or
            dtype == torch.int64)


def _cast_squeeze_in(img: torch.Tensor, req_dtypes: List[Any]) -> Tuple[torch.Tensor, bool, bool, Any]:
    # Make the image N, C, H, W of one of req_dtypes (the first if it is none of them).
    need_squeeze = False
    if img.dim() < 4:
        img = img.unsqueeze(dim=0)
        need_squeeze = True
    out_dtype = img.dtype
    need_cast = False
    ok = False
    for d in req_dtypes:
        if out_dtype == d:
            ok = True
    if not ok:
        need_cast = True
        img = img.to(req_dtypes[0])
    return (img, need_cast, need_squeeze, out_dtype)


def _cast_squeeze_out(img: torch.Tensor, need_cast: bool, need_squeeze: bool, out_dtype: Any) -> torch.Tensor:
    if need_squeeze:
        img = img.squeeze(dim=0)
    if need_cast:
        if _is_int_dtype(out_dtype):
            img = torch.round(img)
        img = img.to(out_dtype)
    return img


# --- conversions -------------------------------------------------------------------------------

def to_tensor(pic: Any) -> torch.Tensor:
    # Ts has no PIL images or numpy arrays: uint8 [H, W] or [C, H, W] tensors (what the datasets
    # return) become float [C, H, W] in [0, 1]; other dtypes keep their values.
    if not isinstance(pic, torch.Tensor):
        raise TypeError("pic should be PIL Image or ndarray. Got " + _type_str(pic))
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
            raise RuntimeError("The cast from " + str(image.dtype) + " to " + str(dtype) +
                               " cannot be performed safely.")
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

