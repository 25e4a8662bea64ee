# torch.cuda: what a script asks before choosing its device. This build has no CUDA backend, so
# no device is available: is_available() is False and using "cuda" tensors is PyTorch's
# "Torch not compiled with CUDA enabled" error.
import torch


def device_count() -> int:
    return torch._ts_cuda_device_count()


def is_available() -> bool:
    return device_count() > 0
