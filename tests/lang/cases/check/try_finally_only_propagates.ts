try:
    try:
        raise ValueError("v")
    finally:
        print("cleanup")
except ValueError:
    print("outer")
# expect: cleanup
# expect: outer
