# torch.distributed: gathers the pieces under one name. _store.ts (the key-value stores),
# distributed_c10d.ts (process groups, init_process_group, tensor collectives, send/recv),
# _object_collectives.ts (object collectives, monitored_barrier); all over src/distributed
# through the native handles of src/runtime/builtins_distributed.cpp.
from torch.distributed._store import Store, HashStore, FileStore, TCPStore, PrefixStore
from torch.distributed.distributed_c10d import (ReduceOp, Backend, default_pg_timeout, Future, Work, ProcessGroup,
    ProcessGroupGloo, group, GroupMember, is_available, is_gloo_available, is_nccl_available, is_mpi_available,
    is_initialized, is_torchelastic_launched, init_process_group, destroy_process_group, get_backend, get_rank,
    get_world_size, get_global_rank, get_group_rank, new_group, all_reduce, broadcast, reduce, all_gather,
    all_gather_into_tensor, _all_gather_base, gather, scatter, reduce_scatter, reduce_scatter_tensor, all_to_all,
    all_to_all_single, barrier, isend, irecv, send, recv, _default_pg)
from torch.distributed._object_collectives import (all_gather_object, gather_object, broadcast_object_list,
    scatter_object_list, monitored_barrier)
