# shutil: CPython 3.11's high-level file operations, over the file primitives tsrun has
# (os.listdir / makedirs / remove, os.path.*, _ts.read_text / write_text / rmdir / is_symlink /
# realpath): copyfile, copy, copy2, copytree (symlinks=False, ignore, copy_function,
# ignore_dangling_symlinks, dirs_exist_ok; the errors gathered into shutil.Error as CPython
# does), ignore_patterns, rmtree (ignore_errors, onerror), move, which, and the Error,
# SameFileError classes, with CPython's errors and messages.
# Differences, each for want of a primitive:
# - copy and copy2 copy the contents only: the permission bits (copymode) and times (copystat)
#   are not copied, so the new file has the usual mode of a new file (needs os.stat / os.chmod /
#   os.utime); copymode, copystat, chown are not there.
# - a file is copied through one string holding all of it (byte for byte, binary files too).
# - move copies then removes (tsrun has no os.rename): it is not atomic and gives the file a
#   new mode and times; moving a symbolic link, and copytree(symlinks=True) over a tree with a
#   link, raise NotImplementedError (need os.readlink / os.symlink / os.rename).
# - copyfile's same-file test compares the real paths (hard links to one file are not seen
#   as the same file: needs os.stat).
# - which finds a file that exists and is not a directory, but cannot test the execute
#   permission (`mode` is ignored; needs os.access).
# - rmtree's onerror gets the functions os.remove, _ts.rmdir or os.listdir (CPython: os.unlink,
#   os.rmdir, os.scandir, os.lstat, os.open), and an exc_info whose traceback is None.
# - ignore_patterns' function returns a list (CPython: a set).
# - not there: disk_usage (needs os.statvfs), get_terminal_size (needs the terminal's lines),
#   chown, make_archive / unpack_archive, copyfileobj.
import os
import _ts
from typing import Any, Callable, List, Optional, Tuple
from pathlib import _fnmatch  # fnmatch's patterns, as pathlib's glob matches them


class Error(OSError):
    pass


class SameFileError(Error):
    pass


def _samefile(src: str, dst: str) -> bool:
    if not os.path.exists(src) or not os.path.exists(dst):
        return False
    return _ts.realpath(src) == _ts.realpath(dst)


def _check_path(p: Any, fn: str) -> str:
    if not isinstance(p, str):
        raise TypeError(fn + ": path should be string, bytes or os.PathLike, not " + type(p).__name__)
    return p


def copyfile(src: str, dst: str, *, follow_symlinks: bool = True) -> str:
    _check_path(src, "stat")
    _check_path(dst, "stat")
    if _samefile(src, dst):
        raise SameFileError(repr(src) + " and " + repr(dst) + " are the same file")
    if not follow_symlinks and _ts.is_symlink(src):
        raise NotImplementedError("shutil.copyfile(follow_symlinks=False) of a symbolic link is not available in tsrun yet: it needs os.readlink and os.symlink")
    data = _ts.read_text(src)
    _ts.write_text(dst, data, False)
    return dst


def copy(src: str, dst: str, *, follow_symlinks: bool = True) -> str:
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(src))
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    return dst


def copy2(src: str, dst: str, *, follow_symlinks: bool = True) -> str:
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(src))
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    return dst


def ignore_patterns(*patterns: str) -> Callable[[str, List[str]], List[str]]:
    pats = [p for p in patterns]

    def _ignore_patterns(path: str, names: List[str]) -> List[str]:
        ignored: List[str] = []
        for pattern in pats:
            for n in names:
                if _fnmatch(n, pattern) and n not in ignored:
                    ignored.append(n)
        return ignored
    return _ignore_patterns


def _listdir(path: str) -> List[str]:
    if not os.path.exists(path):
        raise FileNotFoundError("[Errno 2] No such file or directory: '" + path + "'")
    if not os.path.isdir(path):
        raise NotADirectoryError("[Errno 20] Not a directory: '" + path + "'")
    return os.listdir(path)


def copytree(src: str, dst: str, symlinks: bool = False,
             ignore: Optional[Callable[[str, List[str]], List[str]]] = None,
             copy_function: Callable[[str, str], Any] = copy2, ignore_dangling_symlinks: bool = False,
             dirs_exist_ok: bool = False) -> str:
    _check_path(src, "scandir")
    names = _listdir(src)
    ignored: List[str] = []
    if ignore is not None:
        ignored = ignore(src, names)
    os.makedirs(dst, exist_ok=dirs_exist_ok)
    errors: List[Any] = []
    for name in names:
        if name in ignored:
            continue
        srcname = os.path.join(src, name)
        dstname = os.path.join(dst, name)
        try:
            if _ts.is_symlink(srcname):
                if symlinks:
                    raise NotImplementedError("shutil.copytree(symlinks=True) of a tree holding a symbolic link is not available in tsrun yet: it needs os.readlink and os.symlink")
                if not os.path.exists(srcname) and ignore_dangling_symlinks:
                    continue
                if os.path.isdir(srcname):
                    copytree(srcname, dstname, symlinks, ignore, copy_function, ignore_dangling_symlinks, dirs_exist_ok)
                else:
                    copy_function(srcname, dstname)
            elif os.path.isdir(srcname):
                copytree(srcname, dstname, symlinks, ignore, copy_function, ignore_dangling_symlinks, dirs_exist_ok)
            else:
                copy_function(srcname, dstname)
        except Error as err:
            errors.extend(err.args[0])
        except OSError as why:
            errors.append((srcname, dstname, str(why)))
    if len(errors) > 0:
        raise Error(errors)
    return dst


def _raise_again(func: Any, path: str, exc_info: Any) -> None:
    raise exc_info[1]


def _ignore(func: Any, path: str, exc_info: Any) -> None:
    pass


def _rmdir(path: str) -> None:
    _ts.rmdir(path)


def _rmtree_inner(path: str, onerror: Callable[[Any, str, Any], None]) -> None:
    names: List[str] = []
    try:
        names = _listdir(path)
    except OSError as e:
        onerror(os.listdir, path, (type(e), e, None))
    for name in names:
        full = os.path.join(path, name)
        if os.path.isdir(full) and not _ts.is_symlink(full):
            _rmtree_inner(full, onerror)
            try:
                _ts.rmdir(full)
            except OSError as e:
                onerror(_rmdir, full, (type(e), e, None))
        else:
            try:
                os.remove(full)
            except OSError as e:
                onerror(os.remove, full, (type(e), e, None))


def rmtree(path: str, ignore_errors: bool = False,
           onerror: Optional[Callable[[Any, str, Any], None]] = None) -> None:
    _check_path(path, "lstat")
    handler: Callable[[Any, str, Any], None] = _raise_again
    if ignore_errors:
        handler = _ignore
    elif onerror is not None:
        handler = onerror
    if _ts.is_symlink(path):
        try:
            raise OSError("Cannot call rmtree on a symbolic link")
        except OSError as e:
            handler(os.path.isdir, path, (type(e), e, None))
        return
    if not os.path.exists(path):
        try:
            raise FileNotFoundError("[Errno 2] No such file or directory: '" + path + "'")
        except OSError as e:
            handler(os.path.exists, path, (type(e), e, None))
        return
    if not os.path.isdir(path):
        try:
            raise NotADirectoryError("[Errno 20] Not a directory: '" + path + "'")
        except OSError as e:
            handler(os.listdir, path, (type(e), e, None))
        # CPython then tries to remove the directory, which fails again.
        try:
            _ts.rmdir(path)
        except OSError as e:
            handler(_rmdir, path, (type(e), e, None))
        return
    _rmtree_inner(path, handler)
    try:
        _ts.rmdir(path)
    except OSError as e:
        handler(_rmdir, path, (type(e), e, None))


def _destinsrc(src: str, dst: str) -> bool:
    s = os.path.abspath(src)
    d = os.path.abspath(dst)
    if not s.endswith("/"):
        s += "/"
    if not d.endswith("/"):
        d += "/"
    return d.startswith(s)


def _basename(path: str) -> str:
    return os.path.basename(path.rstrip("/"))


def move(src: str, dst: str, copy_function: Callable[[str, str], Any] = copy2) -> str:
    _check_path(src, "stat")
    _check_path(dst, "stat")
    real_dst = dst
    if os.path.isdir(dst):
        if _samefile(src, dst):
            # CPython renames the directory onto itself: nothing changes.
            return dst
        real_dst = os.path.join(dst, _basename(src))
        if os.path.exists(real_dst):
            raise Error("Destination path '" + real_dst + "' already exists")
    if _ts.is_symlink(src):
        raise NotImplementedError("shutil.move() of a symbolic link is not available in tsrun yet: it needs os.rename")
    if os.path.isdir(src):
        if _destinsrc(src, dst):
            raise Error("Cannot move a directory '" + src + "' into itself '" + dst + "'.")
        copytree(src, real_dst, copy_function=copy_function)
        rmtree(src)
    else:
        copy_function(src, real_dst)
        os.remove(src)
    return real_dst


def which(cmd: str, mode: int = 1, path: Optional[str] = None) -> Optional[str]:
    if os.path.dirname(cmd) != "":
        if os.path.exists(cmd) and not os.path.isdir(cmd):
            return cmd
        return None
    p = path
    if p is None:
        p = os.environ.get("PATH", None)
        if p is None:
            p = "/bin:/usr/bin"
    if p == "":
        return None
    seen: List[str] = []
    for d in p.split(":"):
        if d not in seen:
            seen.append(d)
            name = os.path.join(d, cmd)
            if os.path.exists(name) and not os.path.isdir(name):
                return name
    return None
