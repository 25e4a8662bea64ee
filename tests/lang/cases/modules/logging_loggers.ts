# logging's loggers: the dotted hierarchy (effective levels, propagation to the parents'
# handlers), handler levels, %-style arguments (a tuple or one dict), custom levels and names,
# disable, logger reprs, and exception() adding the caught exception's traceback (its last line
# checked through a handler of the script's own).
import logging
import sys
from typing import List

logging.basicConfig(stream=sys.stdout, format=logging.BASIC_FORMAT)
logging.info("not shown")
logging.warning("careful %s", "now")
log = logging.getLogger(__name__)
log.setLevel(logging.DEBUG)
print(log, logging.getLogger(), log.getEffectiveLevel(), logging.getLevelName(20), logging.getLevelName("ERROR"),
      logging.getLevelName(25))
log.debug("debug %d", 1)
log.info("epoch %d loss %.4f", 3, 0.123456)
log.error("bad: %r", "x")
child = logging.getLogger("train.data")
child.warning("child warn")
parent = logging.getLogger("train")
parent.setLevel(logging.ERROR)
child.warning("child warn suppressed")
print(child.getEffectiveLevel(), child.isEnabledFor(logging.ERROR), child.parent)
h = logging.StreamHandler(sys.stdout)
h.setFormatter(logging.Formatter("[%(levelname)s] %(name)s: %(message)s"))
parent.addHandler(h)
child.error("to both handlers %d%%", 50)
parent.propagate = False
child.critical("only the train handler")
log.log(25, "custom %s", "level")
logging.addLevelName(25, "NOTICE")
log.log(25, "custom %s", "level")
try:
    log.setLevel("LOUD")
except ValueError as e:
    print(e)
logging.disable(logging.WARNING)
log.warning("disabled")
log.error("still on")
logging.disable(logging.NOTSET)
print(logging.getLogger("train.data") is child, logging.root is logging.getLogger())
log.info("%(a)s and %(b)d", {"a": "dict", "b": 2})


class Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.lines: List[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


c = Collect()
errors = logging.getLogger("errors")
errors.propagate = False
errors.addHandler(c)
try:
    print(1 / 0)
except ZeroDivisionError:
    errors.exception("step %d failed", 7)
text = c.lines[0].splitlines()
print(text[0], "|", text[1], "|", text[-1])
