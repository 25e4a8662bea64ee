def g(k: int) -> None:
    if k == 0:
        raise KeyError("a")
    if k == 1:
        raise ValueError("b")
    raise RuntimeError("c")
for k in range(3):
    try:
        g(k)
    except KeyError:
        print("key")
    except ValueError:
        print("value")
    except RuntimeError:
        print("runtime")
# expect: key
# expect: value
# expect: runtime
