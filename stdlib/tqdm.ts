# tqdm: a progress bar with the Python package's API (tqdm(iterable, desc, total, leave, unit),
# update, set_postfix, set_description, close). On a terminal it redraws one line on stderr
# (at most every `mininterval` seconds); otherwise it writes a plain line every `maxinterval`
# seconds and one at the end. Ts has no **kwargs: set_postfix takes a dict, or the keywords
# loss, acc, accuracy, lr and img_s.
import math
import time
import _ts
from typing import Any, Dict, List, Optional


def _format_interval(t: float) -> str:
    s = int(t)
    m = s // 60
    s = s % 60
    h = m // 60
    m = m % 60
    if h > 0:
        return "{:d}:{:02d}:{:02d}".format(h, m, s)
    return "{:02d}:{:02d}".format(m, s)


def _format_num(n: Any) -> str:
    f = "{0:.3g}".format(n).replace("+0", "+").replace("-0", "-")
    s = str(n)
    return f if len(f) < len(s) else s


class _TqdmIterator:
    def __init__(self, bar: "tqdm", iterable: Any):
        self.bar = bar
        self.is_list = isinstance(iterable, List[Any])
        self.items: List[Any] = []
        self.it: Any = None
        if self.is_list:
            self.items = iterable
        else:
            self.it = iter(iterable)
        self.pos = 0
        self.started = False

    def __next__(self) -> Any:
        if self.started:
            self.bar.update(1)
        self.started = True
        if self.is_list:
            if self.pos >= len(self.items):
                self.bar.close()
                raise StopIteration
            self.pos += 1
            return self.items[self.pos - 1]
        try:
            return next(self.it)
        except StopIteration:
            self.bar.close()
            raise StopIteration

    def __iter__(self) -> "_TqdmIterator":
        return self


class tqdm:
    def __init__(self, iterable: Any = None, desc: Optional[str] = None, total: Optional[float] = None, leave: bool = True,
                 file: Any = None, ncols: Optional[int] = None, mininterval: float = 0.1, maxinterval: float = 10.0,
                 miniters: Optional[int] = None, ascii: Optional[bool] = None, disable: bool = False, unit: str = "it",
                 unit_scale: bool = False, dynamic_ncols: bool = False, smoothing: float = 0.3,
                 bar_format: Optional[str] = None, initial: int = 0, position: Optional[int] = None,
                 postfix: Optional[Dict[str, Any]] = None):
        self.iterable = iterable
        self.desc = desc if desc is not None else ""
        self.total: Optional[float] = total
        if total is None and iterable is not None:
            try:
                self.total = len(iterable)
            except Exception:
                self.total = None
        self.leave = leave
        self.ncols = ncols
        self.mininterval = mininterval
        self.maxinterval = maxinterval
        self.ascii = ascii if ascii is not None else False
        self.disable = disable
        self.unit = unit
        self.n = initial
        self.postfix = ""
        self.tty = _ts.stderr_isatty()
        self.start_t = time.perf_counter()
        self.last_print_t = self.start_t
        self.last_print_n = initial
        self.closed = False
        if postfix is not None:
            self.set_postfix(postfix, refresh=False)
        if not disable and self.tty:
            self.refresh()

    def __iter__(self) -> _TqdmIterator:
        return _TqdmIterator(self, self.iterable)

    def __len__(self) -> int:
        t = self.total
        if t is None:
            return len(self.iterable)
        return int(t)

    def __enter__(self) -> "tqdm":
        return self

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any) -> None:
        self.close()

    def format_meter(self, ncols: int) -> str:
        elapsed = time.perf_counter() - self.start_t
        rate = self.n / elapsed if elapsed > 0 else 0.0
        if rate <= 0:
            rate_fmt = "?" + self.unit + "/s"
        elif rate >= 1:
            rate_fmt = "{:5.2f}".format(rate) + self.unit + "/s"
        else:
            rate_fmt = "{:5.2f}".format(1 / rate) + "s/" + self.unit
        post = ", " + self.postfix if self.postfix != "" else ""
        prefix = self.desc + ": " if self.desc != "" else ""
        total = self.total
        if total is None or total <= 0:
            return prefix + str(self.n) + self.unit + " [" + _format_interval(elapsed) + ", " + rate_fmt + post + "]"
        frac = min(self.n / total, 1.0)
        remaining = (total - self.n) / rate if rate > 0 else 0.0
        remaining_fmt = _format_interval(remaining) if rate > 0 else "?"
        n_fmt = str(self.n)
        total_fmt = str(int(total)) if total == int(total) else str(total)
        left = prefix + "{:3.0f}".format(frac * 100) + "%|"
        right = ("| " + n_fmt + "/" + total_fmt + " [" + _format_interval(elapsed) + "<" + remaining_fmt + ", " + rate_fmt +
                 post + "]")
        width = max(ncols - len(left) - len(right), 1) if ncols > 0 else 10
        if self.ascii:
            filled = int(frac * width)
            bar = "#" * filled
            if filled < width:
                bar += " " * (width - filled)
        else:
            # Eighth blocks, as tqdm draws them.
            parts = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
            eighths = int(frac * width * 8)
            full = eighths // 8
            bar = "█" * full
            if full < width:
                bar += parts[eighths % 8] + " " * (width - full - 1)
        return left + bar + right

    def _columns(self) -> int:
        n = self.ncols
        if n is not None:
            return n
        return _ts.terminal_columns()

    def refresh(self) -> None:
        if self.disable:
            return
        if self.tty:
            _ts.stderr_write("\r" + self.format_meter(self._columns()) + "\x1b[K")
        else:
            _ts.stderr_write(self.format_meter(80) + "\n")
        self.last_print_t = time.perf_counter()
        self.last_print_n = self.n

    def update(self, n: int = 1) -> None:
        self.n += n
        if self.disable or self.closed:
            return
        now = time.perf_counter()
        interval = self.mininterval if self.tty else self.maxinterval
        if now - self.last_print_t >= interval:
            self.refresh()

    def set_description(self, desc: Optional[str] = None, refresh: bool = True) -> None:
        self.desc = desc if desc is not None else ""
        if refresh and self.tty:
            self.refresh()

    def set_postfix(self, ordered_dict: Optional[Dict[str, Any]] = None, refresh: bool = True, loss: Any = None,
                    acc: Any = None, accuracy: Any = None, lr: Any = None, img_s: Any = None) -> None:
        items: Dict[str, Any] = {}
        if ordered_dict is not None:
            for k, v in ordered_dict.items():
                items[k] = v
        named: Dict[str, Any] = {"loss": loss, "acc": acc, "accuracy": accuracy, "lr": lr, "img_s": img_s}
        for k, v in named.items():
            if v is not None:
                items[k] = v
        parts: List[str] = []
        for k, v in items.items():
            if isinstance(v, str):
                parts.append(k + "=" + v.strip())
            elif isinstance(v, int) or isinstance(v, float):
                parts.append(k + "=" + _format_num(v))
            else:
                parts.append(k + "=" + str(v))
        self.postfix = ", ".join(parts)
        if refresh and self.tty:
            self.refresh()

    def set_postfix_str(self, s: str = "", refresh: bool = True) -> None:
        self.postfix = s
        if refresh and self.tty:
            self.refresh()

    @staticmethod
    def write(s: str, file: Any = None, end: str = "\n") -> None:
        # tqdm.write: a message printed without breaking the bar (Ts clears the bar's line
        # first; the bar is redrawn at its next refresh).
        if _ts.stderr_isatty():
            _ts.stderr_write("\r\x1b[K")
        print(s, end=end)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.disable:
            return
        if self.tty:
            if self.leave:
                _ts.stderr_write("\r" + self.format_meter(self._columns()) + "\x1b[K\n")
            else:
                _ts.stderr_write("\r\x1b[K")
        elif self.leave:
            _ts.stderr_write(self.format_meter(80) + "\n")


def trange(n: int, desc: Optional[str] = None, leave: bool = True, unit: str = "it") -> tqdm:
    return tqdm(range(n), desc=desc, leave=leave, unit=unit)
