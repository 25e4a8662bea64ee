# An empty file (_empty.ts: no bytes at all) parses, checks and imports as a module.
import _empty
print("imported an empty module")
# expect: imported an empty module
