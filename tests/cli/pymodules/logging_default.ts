# logging's default configuration writes to stderr (tests/cli/run compares stderr with CPython's):
# the implicit basicConfig of the module functions, levels, a named logger's last-resort handler,
# and the report of a message whose arguments do not fit its format.
import logging

log = logging.getLogger("trainer")
log.warning("no handler yet: the last resort prints %s", "only the message")
log.info("not shown")
logging.info("not shown either: the root logger is at WARNING")
logging.warning("epoch %d: loss %.3f", 1, 0.5)
logging.error("checkpoint %r missing", "model.pt")
log.error("propagates to the root's handler")
logging.getLogger().setLevel(logging.DEBUG)
log.debug("debug %s", "now shown")
logging.critical("done")
print("stdout line")
