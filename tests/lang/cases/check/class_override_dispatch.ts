class Animal:
    def __init__(self):
        self.legs = 4
    def speak(self) -> str:
        return "..."
    def describe(self) -> str:
        return self.speak() + " on " + str(self.legs) + " legs"
class Dog(Animal):
    def speak(self) -> str:
        return "woof"
a: Animal = Dog()
print(a.describe(), Animal().describe())
# expect: woof on 4 legs ... on 4 legs
