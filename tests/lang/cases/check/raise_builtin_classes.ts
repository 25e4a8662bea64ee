def fail(k: int) -> None:
    if k == 0:
        raise TypeError("t")
    if k == 1:
        raise NotImplementedError("n")
    if k == 2:
        raise AssertionError("a")
    raise IndexError("i")
for k in range(4):
    try:
        fail(k)
    except TypeError as e:
        print("TypeError", e)
    except NotImplementedError as e:
        print("NotImplementedError", e)
    except AssertionError as e:
        print("AssertionError", e)
    except IndexError as e:
        print("IndexError", e)
# expect: TypeError t
# expect: NotImplementedError n
# expect: AssertionError a
# expect: IndexError i
