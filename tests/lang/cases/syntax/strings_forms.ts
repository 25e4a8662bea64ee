a = 'single'
b = "double"
c = '''triple
single'''
d = """triple
double"""
e = r'raw \n'
f = 'esc \n \t \\ \x41 \u00e9'
g = 'con' "cat"
print(a, b, c, d, e, f, g)
