# torch.nn.parallel.DistributedDataParallel: data-parallel training over a process group. The
# module's parameters and buffers are broadcast from rank 0 when it is wrapped; during backward,
# gradients are averaged across the ranks in buckets by the native reducer
# (src/distributed/reducer.h), each bucket's all-reduce launched as soon as its last gradient
# is ready, so communication overlaps the rest of backward.
#
# state_dict() keeps PyTorch's "module." prefix (checkpoints interchange with PyTorch's);
# load_state_dict() also takes a state_dict without it (one saved from the bare module), which
# PyTorch rejects as missing and unexpected keys.
import torch
import _ts
import torch.distributed as dist
from torch.nn.module import Module, _IncompatibleKeys
from collections import OrderedDict
from typing import Any, Dict, List, Optional


def _find_tensors(obj: Any, out: List[torch.Tensor]) -> None:
    # The tensors of a forward's result (a tensor, or lists, tuples and dicts of them).
    if isinstance(obj, torch.Tensor):
        out.append(obj)
    elif isinstance(obj, list) or isinstance(obj, tuple):
        for x in obj:
            _find_tensors(x, out)
    elif isinstance(obj, dict):
        for v in obj.values():
            _find_tensors(v, out)


class _NoSync:
    def __init__(self, ddp: "DistributedDataParallel"):
        self.ddp = ddp
        self.prev = True

    def __enter__(self) -> None:
        self.prev = self.ddp.require_backward_grad_sync
        self.ddp.require_backward_grad_sync = False

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any) -> None:
        self.ddp.require_backward_grad_sync = self.prev


class DistributedDataParallel(Module):
    def __init__(self, module: Module, device_ids: Optional[List[int]] = None, output_device: Optional[int] = None,
                 dim: int = 0, broadcast_buffers: bool = True, process_group: Optional[dist.ProcessGroup] = None,
                 bucket_cap_mb: float = 25, find_unused_parameters: bool = False, check_reduction: bool = False,
                 gradient_as_bucket_view: bool = False, static_graph: bool = False):
        super().__init__()
        if device_ids is not None and len(device_ids) > 0:
            raise ValueError("DistributedDataParallel device_ids and output_device arguments only work with "
                             "single-device/multiple-device GPU modules or CPU modules, but got device_ids "
                             + str(device_ids) + ", output_device " + str(output_device)
                             + ", and module parameters {device(type='cpu')}.")
        if static_graph:
            raise NotImplementedError("DistributedDataParallel(static_graph=True) is not available in tsrun yet")
        params = [p for p in module.parameters() if p.requires_grad]
        if len(params) == 0:
            raise RuntimeError("DistributedDataParallel is not needed when a module doesn't have any parameter "
                               "that requires a gradient.")
        pg = process_group if process_group is not None else dist._default_pg()
        self.module = module
        self.process_group = pg
        self.dim = dim
        self.broadcast_buffers = broadcast_buffers
        self.find_unused_parameters = find_unused_parameters
        self.gradient_as_bucket_view = gradient_as_bucket_view
        self.require_backward_grad_sync = True
        self.require_forward_param_sync = True
        self.bucket_bytes_cap = int(bucket_cap_mb * 1024 * 1024)
        self._verify_shapes(params)
        # Every rank starts from rank 0's parameters and buffers.
        with torch.no_grad():
            for t in module.parameters():
                dist.broadcast(t, pg._ranks[0], group=pg)
            for b in module.buffers():
                dist.broadcast(b, pg._ranks[0], group=pg)
        self._reducer: Any = _ts.dist_reducer(pg._handle, params, self.bucket_bytes_cap, find_unused_parameters,
                                              gradient_as_bucket_view)

    def _verify_shapes(self, params: List[torch.Tensor]) -> None:
        # Every rank must wrap the same model: its parameter count and sizes, gathered.
        mine = torch.tensor([len(params), sum([p.numel() for p in params])], dtype=torch.int64)
        n = self.process_group.size()
        all_ = [torch.zeros(2, dtype=torch.int64) for _ in range(n)]
        dist.all_gather(all_, mine, group=self.process_group)
        for r in range(n):
            if not torch.equal(all_[r], mine):
                raise RuntimeError("DDP expects the same model on every rank: this rank has " + str(len(params))
                                   + " parameters of " + str(mine[1].item()) + " elements, rank "
                                   + str(self.process_group._ranks[r]) + " has " + str(all_[r][0].item())
                                   + " of " + str(all_[r][1].item()))

    def forward(self, *inputs: Any) -> Any:
        sync = torch.is_grad_enabled() and self.require_backward_grad_sync
        if sync:
            _ts.dist_reducer_prepare_forward(self._reducer)
        if self.broadcast_buffers and self.require_forward_param_sync:
            with torch.no_grad():
                for b in self.module.buffers():
                    dist.broadcast(b, self.process_group._ranks[0], group=self.process_group)
        f: Any = self.module
        out = f(*inputs)
        if sync:
            outs: List[torch.Tensor] = []
            if self.find_unused_parameters:
                _find_tensors(out, outs)
            _ts.dist_reducer_prepare_backward(self._reducer, outs)
        return out

    def no_sync(self) -> _NoSync:
        # Gradients accumulate locally in this context; the next synchronized backward averages
        # them all.
        return _NoSync(self)

    def load_state_dict(self, state_dict: Dict[str, torch.Tensor], strict: bool = True) -> _IncompatibleKeys:
        prefixed = True
        for k in state_dict.keys():
            if not k.startswith("module."):
                prefixed = False
        if prefixed:
            return super().load_state_dict(state_dict, strict)
        fixed: Dict[str, torch.Tensor] = OrderedDict()
        for k, v in state_dict.items():
            fixed["module." + k] = v
        return super().load_state_dict(fixed, strict)

    def _bucket_indices(self) -> List[List[int]]:
        return _ts.dist_reducer_buckets(self._reducer)
