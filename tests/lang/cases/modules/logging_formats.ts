# logging's formats: basicConfig(format=, datefmt=, level=, stream=), asctime and msecs from a
# record's time, Formatter on a record made by hand, handler levels, basicConfig once.
import logging
import sys
import time

logging.basicConfig(level=logging.INFO, format="%(levelname)-8s %(name)s | %(message)s", stream=sys.stdout)
logging.basicConfig(level=logging.DEBUG, format="ignored %(message)s")
logging.debug("hidden: the first basicConfig set INFO")
logging.info("train loss %.3f acc %5.1f%%", 0.25, 93.5)
logging.warning("lr %g", 1e-4)
log = logging.getLogger("model")
log.info("params=%d", 1234)
rec = logging.LogRecord("x", logging.WARNING, "/p.py", 3, "v=%s", ("z",), None)
rec.created = 1700000000.25
rec.msecs = 250.0
f = logging.Formatter("%(asctime)s %(levelname)s %(message)s")
print(f.format(rec))
f2 = logging.Formatter("%(asctime)s|%(levelno)d|%(message)s", datefmt="%Y-%m-%d %H:%M")
print(f2.format(rec))
print(f.formatTime(rec, "%d/%m/%y"), rec.getMessage(), rec.name, rec.levelname)
quiet = logging.StreamHandler(sys.stdout)
quiet.setLevel(logging.ERROR)
quiet.setFormatter(logging.Formatter("QUIET %(message)s"))
log.addHandler(quiet)
log.warning("only the root handler")
log.error("both handlers")
log.propagate = False
log.error("only quiet")
print(log.hasHandlers(), logging.getLogger("other").hasHandlers(), len(logging.getLogger().handlers))
logging.basicConfig(force=True, stream=sys.stdout, format="%(name)s:%(levelname)s:%(message)s", level=logging.DEBUG)
logging.debug("after force")
print(logging.getLogger("model").getChild("head").name, logging.INFO, logging.WARN, logging.FATAL)
