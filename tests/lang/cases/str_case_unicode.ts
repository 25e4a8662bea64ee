# str's case methods know the letters of every script with case (Latin, Greek, Cyrillic, ...),
# not only ASCII: upper/lower/title/capitalize/swapcase/casefold and isupper/islower/isalpha, as
# Python maps them one code point to one, plus ß's "SS"/"Ss"/"ss" and the title-case digraphs.
words = ["héllo wörld", "ÉCOLE", "straße", "ǅemal", "αβγ ΣΟΦΊΑ", "привет мир", "mIxEd ÇaSe ✓", "ß", "", "123", "abc1"]
for w in words:
    print(w.upper(), w.lower(), w.title(), w.capitalize(), w.swapcase(), w.casefold(),
          w.isupper(), w.islower(), w.isalpha(), w.isalnum(), w.isspace())
