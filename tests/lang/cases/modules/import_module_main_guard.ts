import helper
if __name__ == "__main__":
    print(helper.double(1))
# expect: 2
