# tempfile: CPython 3.11's temporary directories and named files: gettempdir (TMPDIR, TEMP,
# TMP, then /tmp, /var/tmp, /usr/tmp, then the current directory: the first where a file can be
# written, kept in `tempfile.tempdir`), gettempprefix, mkdtemp, TemporaryDirectory (`name`, the
# context manager giving the name, `cleanup()`, ignore_cleanup_errors) and NamedTemporaryFile
# (`name`, `file`, `delete`, write / read / readline / readlines / iteration / flush / close,
# the context manager; the file is removed on close when `delete`). Names are `prefix` (default
# "tmp") + 8 random characters of CPython's alphabet + `suffix`, drawn from the module's own
# generator (as CPython's own Random instance: the script's `random` stream is not touched).
# Differences, each for want of a primitive:
# - directories are made with the default mode (0o777 less the umask), not 0o700 (needs
#   os.mkdir with a mode); files with the default mode, not 0o600 (needs os.open).
# - a TemporaryDirectory or NamedTemporaryFile that is never cleaned up or closed stays on
#   disk (CPython removes it when it is garbage-collected, with a ResourceWarning: Ts has no
#   finalizers).
# - NamedTemporaryFile's files are text files as open() makes them: modes r, w, a and x (x
#   opens as w). In its default mode 'w+b', and any mode with 'b' or '+', the file is made and
#   its `name` can be used (torch.save(obj, f.name)), but reading or writing through the object
#   raises a ValueError saying binary and '+' modes are not available (as open() does); there
#   is no seek/tell.
# - not there: mkstemp (it returns an OS file descriptor: needs os.open / os.close / os.write /
#   os.fdopen), mktemp, TemporaryFile, SpooledTemporaryFile, the bytes forms (gettempdirb...).
import os
import time
import _ts
from io import TextIOWrapper
from typing import Any, List, Optional

TMP_MAX = 10000
template = "tmp"
tempdir: Optional[str] = None

_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789_"


class _RandomNameSequence:
    # Park-Miller's minimal standard generator (modulus 2**31 - 1), seeded from the clock and
    # the process id: products stay within 64 bits.
    def __init__(self) -> None:
        self.state = (time.time_ns() % 2147483629 + os.getpid() * 7919) % 2147483646 + 1

    def _next_int(self) -> int:
        self.state = self.state * 48271 % 2147483647
        return self.state

    def next_name(self) -> str:
        out = ""
        for _ in range(8):
            out += _CHARACTERS[self._next_int() % len(_CHARACTERS)]
        return out


_names = _RandomNameSequence()


def _candidate_tempdir_list() -> List[str]:
    dirlist: List[str] = []
    for envname in ["TMPDIR", "TEMP", "TMP"]:
        dirname = os.getenv(envname)
        if dirname is not None and dirname != "":
            dirlist.append(dirname)
    dirlist.extend(["/tmp", "/var/tmp", "/usr/tmp"])
    dirlist.append(os.getcwd())
    return dirlist


def _get_default_tempdir() -> str:
    dirlist = _candidate_tempdir_list()
    for d in dirlist:
        if d != ".":
            d = os.path.abspath(d)
        for _ in range(100):
            filename = os.path.join(d, _names.next_name())
            if os.path.exists(filename):
                continue
            try:
                _ts.write_text(filename, "blat", False)
                os.remove(filename)
                return d
            except OSError:
                break
    raise FileNotFoundError("[Errno 2] No usable temporary directory found in " + repr(dirlist))


def gettempdir() -> str:
    global tempdir
    t = tempdir
    if t is None:
        t = _get_default_tempdir()
        tempdir = t
    return t


def gettempprefix() -> str:
    return template


def _sanitize(s: Optional[str], default: str) -> str:
    return default if s is None else s


def mkdtemp(suffix: Optional[str] = None, prefix: Optional[str] = None, dir: Optional[str] = None) -> str:
    sfx = _sanitize(suffix, "")
    pfx = _sanitize(prefix, template)
    d = gettempdir() if dir is None else dir
    for _ in range(TMP_MAX):
        file = os.path.join(d, pfx + _names.next_name() + sfx)
        if os.path.exists(file):
            continue
        parent = os.path.dirname(file)
        if parent != "" and not os.path.isdir(parent):
            if os.path.exists(parent):
                raise NotADirectoryError("[Errno 20] Not a directory: '" + file + "'")
            raise FileNotFoundError("[Errno 2] No such file or directory: '" + file + "'")
        os.makedirs(file)
        return file
    raise FileExistsError("[Errno 17] No usable temporary directory name found")


def _mkstemp_inner(d: str, pfx: str, sfx: str) -> str:
    for _ in range(TMP_MAX):
        file = os.path.join(d, pfx + _names.next_name() + sfx)
        if os.path.exists(file):
            continue
        _ts.write_text(file, "", False)
        return os.path.abspath(file)
    raise FileExistsError("[Errno 17] No usable temporary file name found")


def _rmtree_quiet(name: str, ignore_errors: bool) -> None:
    # TemporaryDirectory's cleanup: a part already gone is no error; others are, unless ignored.
    if not os.path.isdir(name) or _ts.is_symlink(name):
        if os.path.exists(name) or _ts.is_symlink(name):
            try:
                os.remove(name)
            except OSError as e:
                if not ignore_errors:
                    raise e
        return
    for n in os.listdir(name):
        _rmtree_quiet(os.path.join(name, n), ignore_errors)
    try:
        _ts.rmdir(name)
    except FileNotFoundError:
        pass
    except OSError as e:
        if not ignore_errors:
            raise e


class TemporaryDirectory:
    def __init__(self, suffix: Optional[str] = None, prefix: Optional[str] = None, dir: Optional[str] = None,
                 ignore_cleanup_errors: bool = False) -> None:
        self.name = mkdtemp(suffix, prefix, dir)
        self._ignore_cleanup_errors = ignore_cleanup_errors
        self._cleaned = False

    def __repr__(self) -> str:
        return "<TemporaryDirectory " + repr(self.name) + ">"

    def __enter__(self) -> str:
        return self.name

    def __exit__(self, exc: Any, value: Any, tb: Any) -> None:
        self.cleanup()

    def cleanup(self) -> None:
        first = not self._cleaned
        self._cleaned = True
        if first or os.path.exists(self.name):
            _rmtree_quiet(self.name, self._ignore_cleanup_errors)


def _mode_attr(mode: str) -> str:
    # The `mode` the open file reports: the text mode as given; a binary file's as FileIO
    # normalizes it ('w+b' is 'rb+').
    if "b" not in mode:
        return mode
    plus = "+" if "+" in mode else ""
    if "x" in mode:
        return "xb" + plus
    if "a" in mode:
        return "ab" + plus
    if plus == "+" or "r" in mode:
        return "rb" + plus
    return "wb"


class _TemporaryFileWrapper:
    def __init__(self, name: str, mode: str, delete: bool, newline: Optional[str]) -> None:
        self.name = name
        self.mode = _mode_attr(mode)
        self._open_mode = mode
        self.delete = delete
        self.close_called = False
        self._file: Optional[TextIOWrapper] = None
        if "b" not in mode and "+" not in mode:
            self._file = open(name, mode.replace("x", "w"), newline=newline)

    @property
    def file(self) -> TextIOWrapper:
        f = self._file
        if f is None:
            raise ValueError(self._unavailable())
        return f

    def _unavailable(self) -> str:
        return "NamedTemporaryFile(): mode '" + self._open_mode + "' is not available in tsrun yet: files open as text, " + \
            "for reading or for writing (the file's name can be used)"

    def _f(self) -> TextIOWrapper:
        f = self._file
        if f is None:
            if self.close_called:
                raise ValueError("I/O operation on closed file.")
            raise ValueError(self._unavailable())
        return f

    @property
    def closed(self) -> bool:
        f = self._file
        if f is None:
            return self.close_called
        return f.closed

    def write(self, s: str) -> int:
        return self._f().write(s)

    def writelines(self, lines: List[str]) -> None:
        self._f().writelines(lines)

    def read(self, size: int = -1) -> str:
        return self._f().read(size)

    def readline(self, size: int = -1) -> str:
        return self._f().readline(size)

    def readlines(self) -> List[str]:
        return self._f().readlines()

    def readable(self) -> bool:
        return self._f().readable()

    def writable(self) -> bool:
        return self._f().writable()

    def flush(self) -> None:
        self._f().flush()

    def __iter__(self) -> "_TemporaryFileWrapper":
        self._f().__iter__()
        return self

    def __next__(self) -> str:
        return self._f().__next__()

    def close(self) -> None:
        if not self.close_called:
            self.close_called = True
            f = self._file
            if f is not None:
                f.close()
            if self.delete:
                os.remove(self.name)

    def __enter__(self) -> "_TemporaryFileWrapper":
        f = self._file
        if f is not None:
            f.__enter__()
        elif self.close_called:
            raise ValueError("I/O operation on closed file.")
        return self

    def __exit__(self, exc: Any, value: Any, tb: Any) -> None:
        self.close()


def NamedTemporaryFile(mode: str = "w+b", buffering: int = -1, encoding: Optional[str] = None,
                       newline: Optional[str] = None, suffix: Optional[str] = None, prefix: Optional[str] = None,
                       dir: Optional[str] = None, delete: bool = True, *,
                       errors: Optional[str] = None) -> _TemporaryFileWrapper:
    kinds = 0
    for c in mode:
        if c not in "rwaxtb+" or mode.count(c) > 1:
            raise ValueError("invalid mode: '" + mode + "'")
        if c in "rwax":
            kinds += 1
    if kinds != 1:
        raise ValueError("must have exactly one of create/read/write/append mode")
    if "b" in mode and "t" in mode:
        raise ValueError("can't have text and binary mode at once")
    if "b" in mode and encoding is not None:
        raise ValueError("binary mode doesn't take an encoding argument")
    if "b" in mode and newline is not None:
        raise ValueError("binary mode doesn't take a newline argument")
    if encoding is not None and encoding.lower().replace("-", "").replace("_", "") not in ["utf8"]:
        raise ValueError("NamedTemporaryFile(): encoding '" + encoding + "' is not available in tsrun yet: files are UTF-8")
    d = gettempdir() if dir is None else dir
    name = _mkstemp_inner(d, _sanitize(prefix, template), _sanitize(suffix, ""))
    return _TemporaryFileWrapper(name, mode, delete, newline)
