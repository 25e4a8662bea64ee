# Python's datetime.timedelta: a duration, as torch.distributed's timeouts take it. Kept as
# days, seconds (0..86399) and microseconds (0..999999), normalized as Python does, within
# about +-292 years (64-bit microseconds); the other datetime classes are not provided.


class timedelta:
    def __init__(self, days: float = 0, seconds: float = 0, microseconds: float = 0, milliseconds: float = 0,
                 minutes: float = 0, hours: float = 0, weeks: float = 0):
        total = (((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds
        usf = total * 1000000 + milliseconds * 1000 + microseconds
        if abs(usf) >= 9.2e18:
            # Ts ints are 64-bit: durations are held to about 292 years (Python allows more).
            raise OverflowError("timedelta of " + str(usf / 86400e6) + " days does not fit in 64-bit microseconds")
        us = round(usf)
        self.days: int = us // (86400 * 1000000)
        rest = us - self.days * 86400 * 1000000
        self.seconds: int = rest // 1000000
        self.microseconds: int = rest - self.seconds * 1000000

    def _us(self) -> int:
        return (self.days * 86400 + self.seconds) * 1000000 + self.microseconds

    def total_seconds(self) -> float:
        return self._us() / 1000000

    def __str__(self) -> str:
        mm = self.seconds // 60
        ss = self.seconds % 60
        hh = mm // 60
        mm = mm % 60
        s = str(hh) + ":" + ("0" if mm < 10 else "") + str(mm) + ":" + ("0" if ss < 10 else "") + str(ss)
        if self.microseconds:
            s = s + "." + "{:06d}".format(self.microseconds)
        if self.days:
            s = str(self.days) + (" day, " if abs(self.days) == 1 else " days, ") + s
        return s

    def __repr__(self) -> str:
        parts: list[str] = []
        if self.days:
            parts.append("days=" + str(self.days))
        if self.seconds:
            parts.append("seconds=" + str(self.seconds))
        if self.microseconds:
            parts.append("microseconds=" + str(self.microseconds))
        if len(parts) == 0:
            return "datetime.timedelta(0)"
        return "datetime.timedelta(" + ", ".join(parts) + ")"

    def __add__(self, other: "timedelta") -> "timedelta":
        return timedelta(microseconds=self._us() + other._us())

    def __sub__(self, other: "timedelta") -> "timedelta":
        return timedelta(microseconds=self._us() - other._us())

    def __mul__(self, k: float) -> "timedelta":
        return timedelta(microseconds=self._us() * k)

    def __neg__(self) -> "timedelta":
        return timedelta(microseconds=-self._us())

    def __eq__(self, other: "timedelta") -> bool:
        return self._us() == other._us()

    def __lt__(self, other: "timedelta") -> bool:
        return self._us() < other._us()

    def __le__(self, other: "timedelta") -> bool:
        return self._us() <= other._us()

    def __gt__(self, other: "timedelta") -> bool:
        return self._us() > other._us()

    def __ge__(self, other: "timedelta") -> bool:
        return self._us() >= other._us()
