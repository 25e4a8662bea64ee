try:
    raise IndexError("oops")
except Exception as e:
    print("Exception caught", e)
# expect: Exception caught oops
