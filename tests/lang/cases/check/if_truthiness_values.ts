from typing import Dict, List
e: List[int] = []
d: Dict[str, int] = {}
for v in [0, 1]:
    if v:
        print("int", v)
if not e:
    print("empty list")
if not d:
    print("empty dict")
if "":
    print("no")
elif "x":
    print("str")
if 0.0:
    print("no")
else:
    print("zero float")
# expect: int 1
# expect: empty list
# expect: empty dict
# expect: str
# expect: zero float
