def f(x: int) -> int:
        if x:
            return 1
      return 2
# expect error: 4:7 unindent does not match any outer indentation level
