for i in range(3):
    try:
        if i == 1:
            break
    finally:
        print("fin", i)
# expect: fin 0
# expect: fin 1
