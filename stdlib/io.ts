# io: open() for text files, as CPython 3.11's built-in open (which scripts reach without an
# import: the checker finds `open` here, src/frontend/check/check_expr.cpp). Modes r, w, a, x
# (with an optional t); universal newlines when reading (newline=None: \r\n and \r read as \n).
# Writes go to the file at once (no buffer), so nothing is lost when a script never closes
# its file (CPython flushes at exit). Not here: binary modes and '+' (a ValueError says so),
# seek/tell, encodings other than UTF-8, buffering and the other arguments.
import _ts
import os
from typing import Any, List, Optional


class UnsupportedOperation(OSError):
    pass


class TextIOWrapper:
    def __init__(self, file: str, mode: str, kind: str, newline: Optional[str]) -> None:
        self.name = file
        self.mode = mode
        self.closed = False
        self._reading = kind == "r"
        self._text = ""
        self._pos = 0
        if kind == "r":
            text = _ts.read_text(file)
            if newline is None:
                text = text.replace("\r\n", "\n").replace("\r", "\n")
            self._text = text
        elif kind == "x":
            if os.path.exists(file):
                raise FileExistsError("[Errno 17] File exists: '" + file + "'")
            _ts.write_text(file, "", False)
        else:
            _ts.write_text(file, "", kind == "a")

    def __repr__(self) -> str:
        return "<_io.TextIOWrapper name='" + self.name + "' mode='" + self.mode + "' encoding='UTF-8'>"

    def _check_open(self) -> None:
        if self.closed:
            raise ValueError("I/O operation on closed file.")

    def _check(self, reading: bool) -> None:
        self._check_open()
        if reading != self._reading:
            raise UnsupportedOperation("not readable" if reading else "not writable")

    def readable(self) -> bool:
        self._check_open()
        return self._reading

    def writable(self) -> bool:
        self._check_open()
        return not self._reading

    def read(self, size: int = -1) -> str:
        self._check(True)
        end = len(self._text) if size < 0 else min(len(self._text), self._pos + size)
        out = self._text[self._pos:end]
        self._pos = end
        return out

    def readline(self, size: int = -1) -> str:
        self._check(True)
        nl = self._text.find("\n", self._pos)
        end = len(self._text) if nl < 0 else nl + 1
        if size >= 0:
            end = min(end, self._pos + size)
        out = self._text[self._pos:end]
        self._pos = end
        return out

    def readlines(self) -> List[str]:
        lines: List[str] = []
        line = self.readline()
        while line != "":
            lines.append(line)
            line = self.readline()
        return lines

    def __iter__(self) -> "TextIOWrapper":
        self._check_open()
        return self

    def __next__(self) -> str:
        line = self.readline()
        if line == "":
            raise StopIteration()
        return line

    def write(self, s: str) -> int:
        self._check(False)
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not " + type(s).__name__)
        _ts.write_text(self.name, s, True)
        return len(s)

    def writelines(self, lines: List[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self._check_open()

    def close(self) -> None:
        self.closed = True

    def __enter__(self) -> "TextIOWrapper":
        self._check_open()
        return self

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any) -> None:
        self.close()


def open(file: str, mode: str = "r", buffering: int = -1, encoding: Optional[str] = None,
         errors: Optional[str] = None, newline: Optional[str] = None) -> TextIOWrapper:
    kinds = 0
    kind = "r"
    for c in mode:
        if c not in "rwaxtb+" or mode.count(c) > 1:
            raise ValueError("invalid mode: '" + mode + "'")
        if c in "rwax":
            kinds += 1
            kind = c
    if kinds != 1:
        raise ValueError("must have exactly one of create/read/write/append mode")
    if "b" in mode or "+" in mode:
        raise ValueError("open(): mode '" + mode + "' is not available in tsrun yet: files open as text, for reading or for writing")
    if encoding is not None and encoding.lower().replace("-", "").replace("_", "") not in ["utf8"]:
        raise ValueError("open(): encoding '" + encoding + "' is not available in tsrun yet: files are UTF-8")
    return TextIOWrapper(file, mode, kind, newline)
