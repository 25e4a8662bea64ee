# textwrap: wrap, fill, shorten, dedent, indent and TextWrapper against CPython 3.11.
import textwrap
from textwrap import TextWrapper
from typing import Any, List

text = ("The quick brown fox jumps over the lazy dog. Look, goof-ball -- use the -b option! "
        "A well-known state-of-the-art e-mail address: someone@example.com, and a "
        "supercalifragilisticexpialidocious word;  double  spaces.\tA tab.\nA newline. "
        "Mr. Smith went to Washington. He said \"hi.\" Then left!")
longword = "abcdefghijklmnopqrstuvwxyz" * 3
hyph = "pre-processing the multi-dimensional-array-based x-ray data with---dashes and -- em-dashes --like this"


def show(label: str, f: Any) -> None:
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


for w in [1, 2, 5, 7, 10, 12, 15, 20, 25, 30, 40, 50, 70, 100]:
    print(w, textwrap.wrap(text, w))
for w in [3, 8, 13, 21, 34]:
    print(w, textwrap.wrap(hyph, w))
    print(w, textwrap.wrap(hyph, w, break_on_hyphens=False))
    print(w, textwrap.wrap(hyph + " " + longword, w, break_long_words=False))
    print(w, textwrap.wrap(longword + " x " + longword, w, break_on_hyphens=False, break_long_words=True))
print(textwrap.fill(text, 30))
print(textwrap.fill(text, 40, initial_indent="* ", subsequent_indent="    "))
print(textwrap.fill(text, 25, initial_indent=">>>>>>", subsequent_indent="  "))
print(textwrap.wrap(text, 30, fix_sentence_endings=True))
print(textwrap.wrap("  leading and trailing   ", 10))
print(textwrap.wrap("  leading and trailing   ", 10, drop_whitespace=False))
print(textwrap.wrap("a\tb\tc\td", 20), textwrap.wrap("a\tb\tc\td", 20, tabsize=4),
      textwrap.wrap("a\tb\tc\td", 20, expand_tabs=False))
print(textwrap.wrap("a\tb\nc  d", 20, expand_tabs=False, replace_whitespace=False))
print(textwrap.wrap("a\tb\nc  d", 20, replace_whitespace=False))
print(textwrap.wrap("", 10), textwrap.wrap("   ", 10), textwrap.fill("", 5))
print(textwrap.wrap(text, 40, max_lines=3))
print(textwrap.wrap(text, 40, max_lines=2, placeholder="..."))
print(textwrap.wrap(text, 20, max_lines=1))
print(textwrap.wrap("Hello  world!", 12, max_lines=1), textwrap.wrap("one two three four", 9, max_lines=2))
print(textwrap.wrap(longword, 20, max_lines=2))
print(textwrap.wrap(text, 15, max_lines=4, subsequent_indent="  ", placeholder=" (more)"))
for w in [5, 10, 11, 12, 15, 30, 60, 200]:
    print(w, repr(textwrap.shorten(text, w)), repr(textwrap.shorten("Hello  world!", w)))
print(repr(textwrap.shorten(text, 40, placeholder="...")), repr(textwrap.shorten("  a   b  ", 10)))
show("width 0", lambda: textwrap.wrap("abc", 0))
show("width -1", lambda: textwrap.fill("abc", -1))
show("placeholder", lambda: textwrap.shorten("hello world", 4))
show("placeholder2", lambda: textwrap.wrap("hello world foo", 5, max_lines=2, subsequent_indent="    "))
show("empty width 0", lambda: textwrap.wrap("", 0))
show("bad kw", lambda: textwrap.wrap("abc", 10, nonsense=True))
show("bad kw fill", lambda: textwrap.fill("abc", 10, bogus=1))
show("shorten max_lines", lambda: textwrap.shorten("a b", 10, max_lines=2))

tw = TextWrapper(width=18, initial_indent="- ", subsequent_indent="  ", break_on_hyphens=False)
print(tw.wrap(hyph))
print(tw.fill(text))
tw.width = 30
tw.break_on_hyphens = True
print(tw.fill(hyph))
tw2 = TextWrapper(12, max_lines=3, placeholder=" ~")
print(tw2.wrap(text), tw2.width, tw2.max_lines, repr(tw2.placeholder))

# dedent
print(repr(textwrap.dedent("    a\n      b\n    c\n")))
print(repr(textwrap.dedent("  \thello there\n  \t  how are you?")))
print(repr(textwrap.dedent("\tfoo\n\tbar")))
print(repr(textwrap.dedent("  a\n\tb\n")))
print(repr(textwrap.dedent("    a\n\n   \n    b\n")))
print(repr(textwrap.dedent("  x\n    y\n z")))
print(repr(textwrap.dedent("no indent\n  here")))
print(repr(textwrap.dedent("")), repr(textwrap.dedent("   ")), repr(textwrap.dedent("\n\n")))
print(repr(textwrap.dedent("""
    def f():
        return 1
    """)))

# indent
print(repr(textwrap.indent("a\nb\n\nc\n", "> ")))
print(repr(textwrap.indent("a\n  \nb", "+")))
print(repr(textwrap.indent("a\nb\n\nc", "# ", lambda line: True)))
print(repr(textwrap.indent("one\ntwo\nthree\n", "  ", lambda line: "t" in line)))
print(repr(textwrap.indent("x\r\ny\rz", "|")))
print(repr(textwrap.indent("", "> ")))

# non-ASCII text: widths count code points, \w and letters are Unicode's
uni = "Über-schnelle Größenänderung: naïve café-au-lait — ein sehr-langes-wort, ça-va? ÉÉÉÉÉÉÉÉÉÉÉÉÉÉ"
for w in [6, 9, 14, 22]:
    print(w, textwrap.wrap(uni, w))
print(textwrap.fill(uni, 20, initial_indent="« ", subsequent_indent="  "))


class Upper(TextWrapper):
    def _munge_whitespace(self, text: str) -> str:
        return super()._munge_whitespace(text).upper()


print(Upper(width=16).wrap("overridden munging still wraps the text"))
