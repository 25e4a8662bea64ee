# Parsing training-log lines into numbers with re: named groups, optional parts, finditer over
# key=value pairs, lookarounds, MULTILINE anchors on a whole log.
import re
from typing import Dict, List, Optional

LOG = """2024-03-01 12:00:01 INFO  epoch 1/3 step 100 loss=2.3456 acc=0.1250 lr=1e-3
2024-03-01 12:00:07 INFO  epoch 1/3 step 200 loss=1.9870 acc=0.3125 lr=1e-3
2024-03-01 12:00:09 WARN  grad norm 12.5 exceeds clip 5.0
2024-03-01 12:01:13 INFO  epoch 2/3 step 300 loss=1.2001 acc=0.5000 lr=5e-4
2024-03-01 12:01:20 ERROR nan detected at step 301 (loss=nan)
2024-03-01 12:02:30 INFO  epoch 3/3 step 400 loss=0.8123 acc=0.7500 lr=2.5e-4
eval: val_loss=0.9012 val_acc=71.25% best=True
"""

LINE = re.compile(
    r"^(?P<date>\d{4}-\d\d-\d\d) (?P<time>\d\d:\d\d:\d\d) (?P<level>[A-Z]+)\s+(?P<msg>.*)$")
STEP = re.compile(r"epoch (\d+)/(\d+) step (\d+)")
KV = re.compile(r"(?P<key>[a-z_]+)=(?P<value>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|nan|True|False)(?P<pct>%)?")

losses: List[float] = []
levels: Dict[str, int] = {}
for line in LOG.splitlines():
    m = LINE.match(line)
    if m is None:
        print("no header:", repr(line))
        continue
    level = m.group("level")
    levels[level] = levels.get(level, 0) + 1
    print(m.group("time"), level, m.span("msg"), m.lastgroup)
    s = STEP.search(m.group("msg"))
    if s is not None:
        epoch, total, step = s.groups()
        print("  epoch", int(epoch), "of", int(total), "step", int(step), s.span(3))
    for kv in KV.finditer(line):
        key = kv.group("key")
        value = kv.group("value")
        if value == "nan" or value == "True" or value == "False":
            print("  ", key, "->", value)
            continue
        v = float(value)
        if kv.group("pct") is not None:
            v = v / 100.0
        print("  ", key, "->", v)
        if key == "loss":
            losses.append(v)

print("losses", losses, "mean", round(sum(losses) / len(losses), 4))
print("levels", levels)

# MULTILINE: every step number at the end of an ERROR line, lookbehind for "step "
print(re.findall(r"(?<=step )\d+", LOG))
print(re.findall(r"^\S+ \S+ (ERROR|WARN)\b", LOG, re.MULTILINE))
print(re.findall(r"(\d+\.\d+)(?= exceeds)", LOG))
print(len(re.findall(r"^", LOG, re.M)), len(re.findall(r"$", LOG, re.M)))
print(re.search(r"lr=(?!1e)(\S+)", LOG))

# numbers in a tqdm-like progress line, scientific notation included
bar = "Epoch 3: 100%|##########| 50/50 [00:12<00:00,  4.01it/s, loss=3.21e-02, v_num=7]"
nums = [float(x) for x in re.findall(r"[-+]?\d*\.\d+(?:e[-+]?\d+)?|\d+", bar)]
print(nums)
hms = re.search(r"\[(\d+):(\d+)<(\d+):(\d+)", bar)
if hms:
    print(hms.groups(), hms.group(1, 2), hms[0], hms.start(2), hms.end())
print(re.sub(r"(\d+)it/s", lambda mm: str(int(mm.group(1)) * 60) + "it/min", bar))
print(re.split(r",\s*", bar[bar.index("[") + 1:-1]))
m2 = re.match(r"(?P<name>\w+) (?P<num>\d+)(?P<rest>:.*)?", "Epoch 3")
if m2:
    print(m2.groupdict(), m2.groupdict("-"), m2.groups(""), m2.lastindex, m2.lastgroup)
