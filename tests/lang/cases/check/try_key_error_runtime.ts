d = {"a": 1}
try:
    print(d["zz"])
except KeyError as e:
    print("KeyError:", e)
# expect: KeyError: 'zz'
