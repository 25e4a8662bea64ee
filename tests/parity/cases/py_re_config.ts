# Validating and substituting configuration strings with re: fullmatch validators, ${VAR}
# expansion with a function, templates with \1 and \g<name>, count=, escape, VERBOSE patterns.
import re
from typing import Dict, List, Optional

ENV: Dict[str, str] = {"HOME": "/home/ada", "RUN": "exp42", "LR": "0.001"}

CONFIG = """# training config
name = ${RUN}_baseline
out_dir = ${HOME}/runs/${RUN}
lr = ${LR}
batch_size = 64
devices = cuda:0, cuda:1
schedule = cosine(warmup=500, min_lr=1e-6)
missing = ${NOPE:-fallback}/x
bad key = 3
"""

ASSIGN = re.compile(r"^\s*(?P<key>[A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?P<value>.*?)\s*$")
VAR = re.compile(r"\$\{(?P<name>\w+)(?::-(?P<default>[^}]*))?\}")


def expand(value: str) -> str:
    def repl(m: re.Match) -> str:
        name = m.group("name")
        if name in ENV:
            return ENV[name]
        d = m.group("default")
        return d if d is not None else ""
    return VAR.sub(repl, value)


settings: Dict[str, str] = {}
for lineno, line in enumerate(CONFIG.splitlines()):
    if re.match(r"\s*(#|$)", line):
        continue
    m = ASSIGN.match(line)
    if not m:
        print("line", lineno + 1, "is not an assignment:", repr(line))
        continue
    settings[m.group("key")] = expand(m.group("value"))
for k in settings:
    print(k, "=", repr(settings[k]))

# validators
INT = re.compile(r"[+-]?\d+")
FLOAT = re.compile(r"[+-]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?")
DEVICE = re.compile(r"(cpu|cuda(?::(\d+))?|mps)")
for v in ["64", "-3", "6.4", "1e-3", ".5", "5.", "abc", "1e", "0x10"]:
    print(v, INT.fullmatch(v) is not None, FLOAT.fullmatch(v) is not None)
for d in [x.strip() for x in settings["devices"].split(",")] + ["cuda:", "tpu", "cuda:12"]:
    dm = DEVICE.fullmatch(d)
    print(d, None if dm is None else dm.groups())

CALL = re.compile(r"""
    (?P<fn> [a-z_]+ )          # function name
    \( (?P<args> [^)]* ) \)    # argument list
""", re.X)
cm = CALL.fullmatch(settings["schedule"])
if cm is not None:
    args = dict(re.findall(r"(\w+)\s*=\s*([^,]+)", cm.group("args")))
    print(cm.group("fn"), args, {k: float(v) for k, v in args.items()})

# templates
print(re.sub(r"(\w+)@(\w+)\.com", r"\2:\1", "ada@lab.com, bob@uni.com"))
print(re.sub(r"(?P<user>\w+)@(?P<host>\w+)", r"<\g<host>/\g<user>>", "ada@lab"))
print(re.sub(r"a", "b", "aaaa", count=2), re.subn(r"a", "b", "aaaa", 3))
print(re.sub(r"(\d+)", r"[\g<1>0]", "v1 v22"))
print(re.sub("x", r"\n\t\\", "axb") == "a\n\t\\b")
print(re.sub(r"\.", "", "1.2.3"), re.sub(r"^|$", '"', "quoted"))
m3 = re.search(r"(\w+)-(\w+)", "key-value")
if m3:
    print(m3.expand(r"\2=\1"), m3.expand(r"\g<0>!"))

# escape: literal user strings inside a pattern
for lit in ["a.b", "1+1=2", "C:\\path", "[x]", "tab\there", "50% off!"]:
    e = re.escape(lit)
    print(repr(e), re.fullmatch(e, lit) is not None, re.search(e, "<<" + lit + ">>").span())

# placeholders with a dict; unknown names are left as they are
TPL = "Hello {name}, run {run} at {time}"
vals = {"name": "Ada", "run": "exp42"}
print(re.sub(r"\{(\w+)\}", lambda mm: vals.get(mm.group(1), mm.group(0)), TPL))

# semantic version constraint parsing
SEMVER = re.compile(r"(?P<op>[<>=!~]=?|\^)?\s*v?(?P<major>0|[1-9]\d*)(?:\.(?P<minor>\d+))?(?:\.(?P<patch>\d+))?(?:-(?P<pre>[0-9A-Za-z.-]+))?")
for spec in [">=1.13.0", "^2.1", "~=0.4.2-rc.1", "==3", "v1.2.3", "<1.0.0-alpha"]:
    sm = SEMVER.fullmatch(spec)
    print(spec, sm.groupdict() if sm else None)
