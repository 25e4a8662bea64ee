def main() -> None:
    print("main")
if __name__ == "__main__":
    main()
else:
    print("imported")
print(__name__)
# expect: main
# expect: __main__
