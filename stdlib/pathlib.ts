# pathlib: Path (PosixPath) with CPython 3.11's path arithmetic and text: joining with `/` and
# joinpath, name / stem / suffix / suffixes / parent / parents, relative_to, with_name /
# with_stem / with_suffix, is_absolute, as_posix, absolute, resolve, expanduser, cwd, home; and
# the file system: exists, is_file, is_dir, mkdir(parents, exist_ok), touch, unlink(missing_ok),
# rmdir, read_text, write_text, iterdir, glob and rglob (`*`, `?`, `[...]`, `**`). Differences:
# iterdir, glob, rglob and parents give lists (CPython gives iterators and a sequence object);
# `parts` is not there (Ts has no tuples of any length); `str / Path` is a check error (write
# `Path(s) / p`); `sorted()` of Paths is not there (sort their `str`); functions taking a path
# (os.path.*, torch.save) take `str(p)`, not the Path (Ts has no os.PathLike).
import os
import _ts
from typing import Any, List, Optional


def _normalize(text: str) -> str:
    if text == "":
        return "."
    root = ""
    if text.startswith("//") and not text.startswith("///"):
        root = "//"
    elif text.startswith("/"):
        root = "/"
    parts = [p for p in text.split("/") if p != "" and p != "."]
    body = "/".join(parts)
    if root == "" and body == "":
        return "."
    return root + body


def _join(base: str, other: str) -> str:
    if other.startswith("/"):
        return _normalize(other)
    if base == ".":
        return _normalize(other)
    return _normalize(base + "/" + other)


def _fnmatch(name: str, pat: str) -> bool:
    # fnmatch's *, ?, [seq] and [!seq], case-sensitive as on POSIX.
    return _match_from(name, 0, pat, 0)


def _match_from(name: str, i: int, pat: str, j: int) -> bool:
    while j < len(pat):
        c = pat[j]
        if c == "*":
            while j < len(pat) and pat[j] == "*":
                j += 1
            if j == len(pat):
                return True
            for k in range(i, len(name) + 1):
                if _match_from(name, k, pat, j):
                    return True
            return False
        if i >= len(name):
            return False
        if c == "?":
            i += 1
            j += 1
            continue
        if c == "[":
            end = pat.find("]", j + 2 if j + 1 < len(pat) and pat[j + 1] in "!]" else j + 1)
            if end >= 0:
                body = pat[j + 1:end]
                negate = body.startswith("!")
                if negate:
                    body = body[1:]
                hit = False
                k = 0
                while k < len(body):
                    if k + 2 < len(body) and body[k + 1] == "-":
                        if body[k] <= name[i] and name[i] <= body[k + 2]:
                            hit = True
                        k += 3
                    else:
                        if body[k] == name[i]:
                            hit = True
                        k += 1
                if hit == negate:
                    return False
                i += 1
                j = end + 1
                continue
        if c != name[i]:
            return False
        i += 1
        j += 1
    return i == len(name)


class Path:
    def __init__(self, *args: str):
        text = "."
        for a in args:
            if not isinstance(a, str):
                raise TypeError("expected str, bytes or os.PathLike object, not " + type(a).__name__)
            text = _join(text, a)
        self._text = _normalize(text)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return "PosixPath(" + repr(self._text) + ")"

    def __fspath__(self) -> str:
        return self._text

    def __eq__(self, other: "Path") -> bool:
        return self._text == other._text

    def __lt__(self, other: "Path") -> bool:
        return self._text < other._text

    def __truediv__(self, other: str) -> "Path":
        return Path(_join(self._text, other))

    def joinpath(self, *others: str) -> "Path":
        text = self._text
        for o in others:
            text = _join(text, o)
        return Path(text)

    def relative_to(self, other: Any) -> "Path":
        o = str(other) if isinstance(other, Path) else _normalize(other)
        if o == self._text:
            return Path(".")
        prefix = o if o.endswith("/") else o + "/"
        if o == "." and not self.is_absolute():
            return self
        if not self._text.startswith(prefix):
            raise ValueError(repr(self._text) + " is not in the subpath of " + repr(o) +
                             " OR one path is relative and the other is absolute.")
        return Path(self._text[len(prefix):])

    def as_posix(self) -> str:
        return self._text

    def is_absolute(self) -> bool:
        return self._text.startswith("/")

    @property
    def name(self) -> str:
        if self._text == "." or self._text == "/" or self._text == "//":
            return ""
        return self._text[self._text.rfind("/") + 1:]

    @property
    def suffix(self) -> str:
        n = self.name
        i = n.rfind(".")
        if 0 < i and i < len(n) - 1:
            return n[i:]
        return ""

    @property
    def suffixes(self) -> List[str]:
        n = self.name
        if n.endswith("."):
            return []
        n = n.lstrip(".")
        return ["." + s for s in n.split(".")[1:]]

    @property
    def stem(self) -> str:
        n = self.name
        i = n.rfind(".")
        if 0 < i and i < len(n) - 1:
            return n[:i]
        return n

    @property
    def parent(self) -> "Path":
        t = self._text
        if t == "." or t == "/" or t == "//":
            return Path(t)
        i = t.rfind("/")
        if i < 0:
            return Path(".")
        if i == 0:
            return Path("/")
        if i == 1 and t.startswith("//"):
            return Path("//")
        return Path(t[:i])

    @property
    def parents(self) -> List["Path"]:
        out: List[Path] = []
        p = self
        while True:
            q = p.parent
            if q._text == p._text:
                break
            out.append(q)
            p = q
        return out

    def with_name(self, name: str) -> "Path":
        if self.name == "":
            raise ValueError(repr(self) + " has an empty name")
        if name == "" or "/" in name or name == ".":
            raise ValueError("Invalid name " + repr(name))
        return self.parent / name

    def with_stem(self, stem: str) -> "Path":
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix: str) -> "Path":
        if "/" in suffix or suffix != "" and (not suffix.startswith(".") or suffix == "."):
            raise ValueError("Invalid suffix " + repr(suffix))
        if self.name == "":
            raise ValueError(repr(self) + " has an empty name")
        return self.with_name(self.stem + suffix)

    @staticmethod
    def cwd() -> "Path":
        return Path(os.getcwd())

    @staticmethod
    def home() -> "Path":
        return Path(os.path.expanduser("~"))

    def absolute(self) -> "Path":
        if self.is_absolute():
            return self
        return Path(os.getcwd(), self._text)

    def resolve(self, strict: bool = False) -> "Path":
        if strict and not self.exists():
            raise FileNotFoundError("[Errno 2] No such file or directory: '" + self._text + "'")
        return Path(_ts.realpath(self._text))

    def expanduser(self) -> "Path":
        return Path(os.path.expanduser(self._text))

    def exists(self) -> bool:
        return os.path.exists(self._text)

    def is_file(self) -> bool:
        return os.path.isfile(self._text)

    def is_dir(self) -> bool:
        return os.path.isdir(self._text)

    def mkdir(self, mode: int = 0o777, parents: bool = False, exist_ok: bool = False) -> None:
        if self.exists():
            if exist_ok and self.is_dir():
                return
            raise FileExistsError("[Errno 17] File exists: '" + self._text + "'")
        if not parents and not self.parent.is_dir():
            raise FileNotFoundError("[Errno 2] No such file or directory: '" + self._text + "'")
        os.makedirs(self._text, exist_ok=True)

    def touch(self, mode: int = 0o666, exist_ok: bool = True) -> None:
        if self.exists() and not exist_ok:
            raise FileExistsError("[Errno 17] File exists: '" + self._text + "'")
        _ts.write_text(self._text, "", True)

    def unlink(self, missing_ok: bool = False) -> None:
        if missing_ok and not self.exists():
            return
        os.remove(self._text)

    def rmdir(self) -> None:
        _ts.rmdir(self._text)

    def read_text(self, encoding: Optional[str] = None, errors: Optional[str] = None) -> str:
        return _ts.read_text(self._text)

    def write_text(self, data: str, encoding: Optional[str] = None, errors: Optional[str] = None,
                   newline: Optional[str] = None) -> int:
        if not isinstance(data, str):
            raise TypeError("data must be str, not " + type(data).__name__)
        _ts.write_text(self._text, data, False)
        return len(data)

    def iterdir(self) -> List["Path"]:
        return [self / n for n in os.listdir(self._text)]

    def glob(self, pattern: str) -> List["Path"]:
        if pattern == "":
            raise ValueError("Unacceptable pattern: ''")
        if pattern.startswith("/"):
            raise NotImplementedError("Non-relative patterns are unsupported")
        found: List[Path] = [self]
        for seg in [s for s in pattern.split("/") if s != "" and s != "."]:
            nxt: List[Path] = []
            for base in found:
                if seg == "**":
                    _walk_dirs(base, nxt)
                elif seg == "..":
                    nxt.append(base / "..")
                elif "*" in seg or "?" in seg or "[" in seg:
                    if base.is_dir():
                        for n in os.listdir(base._text):
                            if _fnmatch(n, seg):
                                nxt.append(base / n)
                else:
                    cand = base / seg
                    if cand.exists():
                        nxt.append(cand)
            found = nxt
        if pattern.endswith("/"):
            found = [p for p in found if p.is_dir()]
        seen: List[str] = []
        out: List[Path] = []
        for p in found:
            if p._text not in seen:
                seen.append(p._text)
                out.append(p)
        return out

    def rglob(self, pattern: str) -> List["Path"]:
        return self.glob("**/" + pattern)


def _walk_dirs(base: Path, out: List[Path]) -> None:
    # `**`: the directory itself, then every directory below it, depth first.
    if not base.is_dir():
        return
    out.append(base)
    for n in os.listdir(base._text):
        child = base / n
        if child.is_dir() and not _ts.is_symlink(child._text):
            _walk_dirs(child, out)


PosixPath = Path
