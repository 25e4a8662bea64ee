# How ATen's messages name dtypes (c10/core/ScalarType.h): "Float" in "not implemented for
# 'Float'", "torch.FloatTensor" for the tensor type, for the Ts functions of torch and
# torch.linalg that repeat PyTorch's checks.
import torch


def _scalar_type_name(d: torch.dtype) -> str:
    # c10::toString(ScalarType), as ATen's "not implemented for 'Long'" messages print it.
    if d == torch.float32:
        return "Float"
    if d == torch.float64:
        return "Double"
    if d == torch.float16:
        return "Half"
    if d == torch.bfloat16:
        return "BFloat16"
    if d == torch.int64:
        return "Long"
    if d == torch.int32:
        return "Int"
    if d == torch.int16:
        return "Short"
    if d == torch.int8:
        return "Char"
    if d == torch.uint8:
        return "Byte"
    if d == torch.bool:
        return "Bool"
    return str(d)[6:]


def _type_meta_name(d: torch.dtype) -> str:
    # caffe2::TypeMeta's name, as ATen prints `tensor.dtype()` in its messages.
    if d == torch.float32:
        return "float"
    if d == torch.float64:
        return "double"
    if d == torch.float16:
        return "c10::Half"
    if d == torch.bfloat16:
        return "c10::BFloat16"
    if d == torch.int64:
        return "long int"
    if d == torch.int32:
        return "int"
    if d == torch.int16:
        return "short int"
    if d == torch.int8:
        return "signed char"
    if d == torch.uint8:
        return "unsigned char"
    if d == torch.bool:
        return "bool"
    return str(d)[6:]
