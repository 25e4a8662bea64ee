try:
    print("body")
    raise RuntimeError("x")
except RuntimeError:
    print("except")
finally:
    print("finally")
print("after")
# expect: body
# expect: except
# expect: finally
# expect: after
