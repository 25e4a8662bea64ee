# logging: Python's logging with CPython 3.11's records, levels, formats and output. Loggers
# (getLogger, a dotted hierarchy whose levels and handlers are inherited through propagate),
# the levels and their names, Logger.debug / info / warning / warn / error / critical / fatal /
# exception / log with %-style arguments and exc_info, setLevel / getEffectiveLevel /
# isEnabledFor / addHandler / removeHandler / hasHandlers, Handler, StreamHandler (stderr by
# default), FileHandler, NullHandler, Formatter (`%`-style fmt and datefmt), basicConfig
# (level, format, datefmt, stream, filename, filemode, handlers, force), the module-level
# functions, disable, getLevelName / addLevelName. Not here: `{` and `$` format styles; the
# record fields that need the caller's frame (pathname, filename, module, lineno, funcName:
# a format naming them is a ValueError) and thread (an id); `stack_info`; filters; handlers
# beyond those three; config files. `exception()` appends the traceback of the exception caught
# last, in tsrun's traceback format (CPython's shows the one being handled, in its own format).
import os
import sys
import time
import _ts
from typing import Any, Dict, List, Optional

CRITICAL = 50
FATAL = 50
ERROR = 40
WARNING = 30
WARN = 30
INFO = 20
DEBUG = 10
NOTSET = 0

BASIC_FORMAT = "%(levelname)s:%(name)s:%(message)s"

_level_to_name: Dict[int, str] = {50: "CRITICAL", 40: "ERROR", 30: "WARNING", 20: "INFO", 10: "DEBUG", 0: "NOTSET"}
_name_to_level: Dict[str, int] = {"CRITICAL": 50, "FATAL": 50, "ERROR": 40, "WARN": 30, "WARNING": 30, "INFO": 20,
                                  "DEBUG": 10, "NOTSET": 0}
_start_time = time.time()
_disable: List[int] = [0]
_FIELDS = ["name", "msg", "args", "levelname", "levelno", "exc_info", "exc_text", "stack_info", "created", "msecs",
           "relativeCreated", "threadName", "processName", "process", "message", "asctime"]
_NO_FRAME_FIELDS = ["pathname", "filename", "module", "lineno", "funcName", "thread"]


def _since_start_ms(t: float) -> float:
    return (t - _start_time) * 1000


def _check_fields(fmt: str) -> None:
    for f in _NO_FRAME_FIELDS:
        if "%(" + f + ")" in fmt:
            raise ValueError("the log record field '" + f + "' (in format " + repr(fmt) +
                             ") is not available in tsrun's logging: records do not know the calling frame")


def getLevelName(level: Any) -> Any:
    if isinstance(level, int) and level in _level_to_name:
        return _level_to_name[level]
    if isinstance(level, str) and level in _name_to_level:
        return _name_to_level[level]
    return "Level %s" % (level,)


def addLevelName(level: int, levelName: str) -> None:
    _level_to_name[level] = levelName
    _name_to_level[levelName] = level


def _check_level(level: Any) -> int:
    if isinstance(level, int) and not isinstance(level, bool):
        return level
    if isinstance(level, str):
        if level not in _name_to_level:
            raise ValueError("Unknown level: %r" % level)
        return _name_to_level[level]
    raise TypeError("Level not an integer or a valid string: %r" % (level,))


class LogRecord:
    def __init__(self, name: str, level: int, pathname: Optional[str], lineno: Optional[int], msg: Any, args: Any,
                 exc_info: Any, func: Optional[str] = None, sinfo: Optional[str] = None):
        self.name = name
        self.msg: Any = msg
        self.args: Any = args
        if args is not None and len(args) == 1 and isinstance(args[0], dict) and len(args[0]) > 0:
            self.args = args[0]
        self.levelno = level
        self.levelname: str = str(getLevelName(level))
        self.exc_info: Any = exc_info
        self.exc_text: Optional[str] = None
        if exc_info is not None and exc_info is not False:
            tb = _ts.caught_traceback()
            self.exc_text = "NoneType: None" if tb is None else tb.rstrip("\n")
        self.created = time.time()
        self.msecs = int((self.created - int(self.created)) * 1000) + 0.0
        self.relativeCreated = _since_start_ms(self.created)
        self.process = os.getpid()
        self.message = ""
        self.asctime = ""

    def getMessage(self) -> str:
        msg = str(self.msg)
        if self.args is not None and (isinstance(self.args, dict) or len(self.args) > 0):
            msg = msg % self.args
        return msg

    def fields(self) -> Dict[str, Any]:
        d: Dict[str, Any] = {"name": self.name, "msg": self.msg, "args": self.args, "levelname": self.levelname,
                             "levelno": self.levelno, "exc_info": self.exc_info, "exc_text": self.exc_text,
                             "stack_info": None, "created": self.created, "msecs": self.msecs,
                             "relativeCreated": self.relativeCreated, "threadName": "MainThread",
                             "processName": "MainProcess", "process": self.process, "message": self.message,
                             "asctime": self.asctime}
        return d

    def __repr__(self) -> str:
        return "<LogRecord: %s, %s, %s>" % (self.name, self.levelno, self.msg)


class Formatter:
    def __init__(self, fmt: Optional[str] = None, datefmt: Optional[str] = None, style: str = "%",
                 validate: bool = True):
        if style != "%":
            if style == "{" or style == "$":
                raise ValueError("the '" + style + "' format style is not available in tsrun's logging; use '%'")
            raise ValueError("Style must be one of: %,{,$")
        self._fmt = fmt if fmt is not None else "%(message)s"
        self.datefmt = datefmt
        _check_fields(self._fmt)
        if validate and "%(" not in self._fmt:
            raise ValueError("Invalid format '%s' for '%%' style" % (self._fmt,))

    def usesTime(self) -> bool:
        return "%(asctime)" in self._fmt

    def formatTime(self, record: LogRecord, datefmt: Optional[str] = None) -> str:
        if datefmt is not None:
            return _ts.strftime(datefmt, record.created)
        return "%s,%03d" % (_ts.strftime("%Y-%m-%d %H:%M:%S", record.created), record.msecs)

    def formatException(self, record: LogRecord) -> str:
        return record.exc_text if record.exc_text is not None else ""

    def formatMessage(self, record: LogRecord) -> str:
        return self._fmt % record.fields()

    def format(self, record: LogRecord) -> str:
        record.message = record.getMessage()
        if self.usesTime():
            record.asctime = self.formatTime(record, self.datefmt)
        s = self.formatMessage(record)
        if record.exc_text is not None:
            if s[-1:] != "\n":
                s = s + "\n"
            s = s + record.exc_text
        return s


_default_formatter = Formatter()


class Handler:
    def __init__(self, level: Any = NOTSET):
        self.level = _check_level(level)
        self.formatter: Optional[Formatter] = None

    def setLevel(self, level: Any) -> None:
        self.level = _check_level(level)

    def setFormatter(self, fmt: Optional[Formatter]) -> None:
        self.formatter = fmt

    def format(self, record: LogRecord) -> str:
        f = self.formatter
        if f is None:
            f = _default_formatter
        return f.format(record)

    def emit(self, record: LogRecord) -> None:
        raise NotImplementedError("emit must be implemented by Handler subclasses")

    def handle(self, record: LogRecord) -> bool:
        self.emit(record)
        return True

    def handleError(self, record: LogRecord) -> None:
        tb = _ts.caught_traceback()
        sys.stderr.write("--- Logging error ---\n")
        if tb is not None:
            sys.stderr.write(tb)
        sys.stderr.write("Message: %r\nArguments: %s\n" % (record.msg, record.args))

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass


class StreamHandler(Handler):
    terminator = "\n"

    def __init__(self, stream: Any = None):
        super().__init__(NOTSET)
        self.stream: Any = stream if stream is not None else sys.stderr

    def flush(self) -> None:
        self.stream.flush()

    def emit(self, record: LogRecord) -> None:
        try:
            msg = self.format(record)
            self.stream.write(msg + self.terminator)
            self.flush()
        except Exception:
            self.handleError(record)

    def __repr__(self) -> str:
        return "<StreamHandler (%s)>" % (getLevelName(self.level),)


class FileHandler(Handler):
    terminator = "\n"

    def __init__(self, filename: str, mode: str = "a", encoding: Optional[str] = None, delay: bool = False):
        super().__init__(NOTSET)
        self.baseFilename = os.path.abspath(filename)
        if mode != "a" and mode != "w":
            raise ValueError("FileHandler mode " + repr(mode) + " is not available in tsrun; use 'a' or 'w'")
        if mode == "w" and os.path.exists(self.baseFilename):
            os.remove(self.baseFilename)
        self.mode = mode
        if not delay:
            _ts.write_text(self.baseFilename, "", True)

    def emit(self, record: LogRecord) -> None:
        try:
            _ts.write_text(self.baseFilename, self.format(record) + self.terminator, True)
        except Exception:
            self.handleError(record)

    def __repr__(self) -> str:
        return "<FileHandler %s (%s)>" % (self.baseFilename, getLevelName(self.level))


class NullHandler(Handler):
    def emit(self, record: LogRecord) -> None:
        pass

    def handle(self, record: LogRecord) -> bool:
        return True


_last_resort = StreamHandler()
_last_resort.level = WARNING


class Logger:
    def __init__(self, name: str, level: Any = NOTSET):
        self.name = name
        self.level = _check_level(level)
        self.handlers: List[Handler] = []
        self.propagate = True
        self.disabled = False

    @property
    def parent(self) -> Optional["Logger"]:
        if self.name == "root":
            return None
        n = self.name
        while "." in n:
            n = n[:n.rfind(".")]
            if n in _loggers:
                return _loggers[n]
        return root

    def setLevel(self, level: Any) -> None:
        self.level = _check_level(level)

    def _ancestry(self) -> List["Logger"]:
        # This logger, then its parents up to the root.
        out: List[Logger] = [self]
        p = self.parent
        while p is not None:
            out.append(p)
            p = p.parent
        return out

    def getEffectiveLevel(self) -> int:
        for c in self._ancestry():
            if c.level != NOTSET:
                return c.level
        return NOTSET

    def isEnabledFor(self, level: int) -> bool:
        if self.disabled or _disable[0] >= level:
            return False
        return level >= self.getEffectiveLevel()

    def addHandler(self, hdlr: Handler) -> None:
        if hdlr not in self.handlers:
            self.handlers.append(hdlr)

    def removeHandler(self, hdlr: Handler) -> None:
        if hdlr in self.handlers:
            self.handlers.remove(hdlr)

    def hasHandlers(self) -> bool:
        for c in self._ancestry():
            if len(c.handlers) > 0:
                return True
            if not c.propagate:
                return False
        return False

    def getChild(self, suffix: str) -> "Logger":
        return getLogger(suffix if self.name == "root" else self.name + "." + suffix)

    def _log(self, level: int, msg: Any, args: Any, exc_info: bool) -> None:
        record = LogRecord(self.name, level, None, None, msg, args, exc_info if exc_info else None)
        found = 0
        for c in self._ancestry():
            for h in c.handlers:
                found += 1
                if record.levelno >= h.level:
                    h.handle(record)
            if not c.propagate:
                break
        if found == 0 and record.levelno >= _last_resort.level:
            _last_resort.handle(record)

    def debug(self, msg: Any, *args: Any, exc_info: bool = False, stacklevel: int = 1) -> None:
        if self.isEnabledFor(DEBUG):
            self._log(DEBUG, msg, args, exc_info)

    def info(self, msg: Any, *args: Any, exc_info: bool = False, stacklevel: int = 1) -> None:
        if self.isEnabledFor(INFO):
            self._log(INFO, msg, args, exc_info)

    def warning(self, msg: Any, *args: Any, exc_info: bool = False, stacklevel: int = 1) -> None:
        if self.isEnabledFor(WARNING):
            self._log(WARNING, msg, args, exc_info)

    def warn(self, msg: Any, *args: Any, exc_info: bool = False, stacklevel: int = 1) -> None:
        if self.isEnabledFor(WARNING):
            self._log(WARNING, msg, args, exc_info)

    def error(self, msg: Any, *args: Any, exc_info: bool = False, stacklevel: int = 1) -> None:
        if self.isEnabledFor(ERROR):
            self._log(ERROR, msg, args, exc_info)

    def exception(self, msg: Any, *args: Any, exc_info: bool = True, stacklevel: int = 1) -> None:
        if self.isEnabledFor(ERROR):
            self._log(ERROR, msg, args, exc_info)

    def critical(self, msg: Any, *args: Any, exc_info: bool = False, stacklevel: int = 1) -> None:
        if self.isEnabledFor(CRITICAL):
            self._log(CRITICAL, msg, args, exc_info)

    def fatal(self, msg: Any, *args: Any, exc_info: bool = False, stacklevel: int = 1) -> None:
        if self.isEnabledFor(CRITICAL):
            self._log(CRITICAL, msg, args, exc_info)

    def log(self, level: int, msg: Any, *args: Any, exc_info: bool = False, stacklevel: int = 1) -> None:
        if not isinstance(level, int):
            raise TypeError("level must be an integer")
        if self.isEnabledFor(level):
            self._log(level, msg, args, exc_info)

    def __repr__(self) -> str:
        kind = "RootLogger" if self.name == "root" else "Logger"
        return "<%s %s (%s)>" % (kind, self.name, getLevelName(self.getEffectiveLevel()))


root = Logger("root", WARNING)
_loggers: Dict[str, Logger] = {}


def getLogger(name: Optional[str] = None) -> Logger:
    if name is None or name == "" or name == "root":
        return root
    if name not in _loggers:
        _loggers[name] = Logger(name)
    return _loggers[name]


def basicConfig(level: Any = None, format: Optional[str] = None, datefmt: Optional[str] = None, style: str = "%",
                stream: Any = None, filename: Optional[str] = None, filemode: str = "a",
                handlers: Optional[List[Handler]] = None, force: bool = False, encoding: Optional[str] = None,
                errors: Optional[str] = None) -> None:
    if force:
        for h in root.handlers:
            h.close()
        root.handlers = []
    if len(root.handlers) > 0:
        return
    if handlers is not None and (stream is not None or filename is not None):
        raise ValueError("'stream' or 'filename' should not be specified together with 'handlers'")
    if stream is not None and filename is not None:
        raise ValueError("'stream' and 'filename' should not be specified together")
    hs: List[Handler] = []
    if handlers is not None:
        hs = handlers
    elif filename is not None:
        hs = [FileHandler(filename, filemode)]
    else:
        hs = [StreamHandler(stream)]
    fmt = Formatter(format if format is not None else BASIC_FORMAT, datefmt, style)
    for h in hs:
        if h.formatter is None:
            h.setFormatter(fmt)
        root.addHandler(h)
    if level is not None:
        root.setLevel(level)


def _root_ready() -> Logger:
    if len(root.handlers) == 0:
        basicConfig()
    return root


def debug(msg: Any, *args: Any, exc_info: bool = False) -> None:
    r = _root_ready()
    if r.isEnabledFor(DEBUG):
        r._log(DEBUG, msg, args, exc_info)


def info(msg: Any, *args: Any, exc_info: bool = False) -> None:
    r = _root_ready()
    if r.isEnabledFor(INFO):
        r._log(INFO, msg, args, exc_info)


def warning(msg: Any, *args: Any, exc_info: bool = False) -> None:
    r = _root_ready()
    if r.isEnabledFor(WARNING):
        r._log(WARNING, msg, args, exc_info)


def warn(msg: Any, *args: Any, exc_info: bool = False) -> None:
    r = _root_ready()
    if r.isEnabledFor(WARNING):
        r._log(WARNING, msg, args, exc_info)


def error(msg: Any, *args: Any, exc_info: bool = False) -> None:
    r = _root_ready()
    if r.isEnabledFor(ERROR):
        r._log(ERROR, msg, args, exc_info)


def exception(msg: Any, *args: Any, exc_info: bool = True) -> None:
    r = _root_ready()
    if r.isEnabledFor(ERROR):
        r._log(ERROR, msg, args, exc_info)


def critical(msg: Any, *args: Any, exc_info: bool = False) -> None:
    r = _root_ready()
    if r.isEnabledFor(CRITICAL):
        r._log(CRITICAL, msg, args, exc_info)


def fatal(msg: Any, *args: Any, exc_info: bool = False) -> None:
    r = _root_ready()
    if r.isEnabledFor(CRITICAL):
        r._log(CRITICAL, msg, args, exc_info)


def log(level: int, msg: Any, *args: Any, exc_info: bool = False) -> None:
    r = _root_ready()
    if r.isEnabledFor(level):
        r._log(level, msg, args, exc_info)


def disable(level: int = CRITICAL) -> None:
    _disable[0] = level


def shutdown() -> None:
    for h in root.handlers:
        h.flush()
