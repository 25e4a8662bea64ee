print("abc" < "abd", "b" > "abc", "a" == "a", "A" < "a", "" < "a")
# expect: True True True True True
