# torch.distributed's key-value stores (HashStore, FileStore, TCPStore, PrefixStore): native
# handles from _ts over src/distributed's stores. Store.get returns str where PyTorch returns
# bytes (Ts has no bytes type).
import _ts
from datetime import timedelta
from typing import Any, List, Optional


def _seconds(timeout: Optional[timedelta]) -> Optional[float]:
    if timeout is None:
        return None
    return timeout.total_seconds()


class Store:
    def __init__(self, handle: Any):
        self._handle: Any = handle

    def set(self, key: str, value: str) -> None:
        _ts.dist_store_set(self._handle, key, value)

    def get(self, key: str) -> str:
        return _ts.dist_store_get(self._handle, key)

    def add(self, key: str, value: int) -> int:
        return _ts.dist_store_add(self._handle, key, value)

    def compare_set(self, key: str, expected_value: str, desired_value: str) -> str:
        return _ts.dist_store_compare_set(self._handle, key, expected_value, desired_value)

    def delete_key(self, key: str) -> bool:
        return _ts.dist_store_delete_key(self._handle, key)

    def num_keys(self) -> int:
        return _ts.dist_store_num_keys(self._handle)

    def check(self, keys: List[str]) -> bool:
        return _ts.dist_store_check(self._handle, keys)

    def wait(self, keys: List[str], timeout: Optional[timedelta] = None) -> None:
        _ts.dist_store_wait(self._handle, keys, _seconds(timeout))

    def set_timeout(self, timeout: timedelta) -> None:
        _ts.dist_store_set_timeout(self._handle, timeout.total_seconds())

    @property
    def timeout(self) -> timedelta:
        return timedelta(seconds=_ts.dist_store_timeout(self._handle))


class HashStore(Store):
    def __init__(self):
        super().__init__(_ts.dist_hash_store(None))


class FileStore(Store):
    def __init__(self, file_name: str, world_size: int = -1):
        super().__init__(_ts.dist_file_store(file_name, world_size, None))
        self.path = file_name


class TCPStore(Store):
    def __init__(self, host_name: str, port: int, world_size: Optional[int] = None, is_master: bool = False,
                 timeout: timedelta = timedelta(seconds=300), wait_for_workers: bool = True):
        n = -1 if world_size is None else world_size
        super().__init__(_ts.dist_tcp_store(host_name, port, n, is_master, timeout.total_seconds(), wait_for_workers))
        self.host = host_name
        self.port: int = _ts.dist_store_port(self._handle)


class PrefixStore(Store):
    def __init__(self, prefix: str, store: Store):
        super().__init__(_ts.dist_prefix_store(prefix, store._handle))
        self.underlying_store = store
