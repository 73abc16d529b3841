"""Languages: their alphabets and how a typed word is folded before it is looked up."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidWordError


@dataclass(frozen=True)
class Language:
    """An alphabet and the folding applied to every word (case, and ё into е for Russian)."""

    code: str
    name: str
    alphabet: str
    folds: tuple[tuple[str, str], ...] = ()

    def normalize(self, word: str) -> str:
        word = word.strip().lower()
        for src, dst in self.folds:
            word = word.replace(src, dst)
        return word

    def bad_letters(self, word: str) -> str:
        """The characters of ``word`` outside the alphabet, once each, in the order typed."""
        return "".join(dict.fromkeys(ch for ch in word if ch not in self.alphabet))


ENGLISH = Language("en", "English", "abcdefghijklmnopqrstuvwxyz")
# Russian Wordle variants fold ё into е; the alphabet keeps the other 32 letters.
RUSSIAN = Language("ru", "Russian", "абвгдежзийклмнопрстуфхцчшщъыьэюя", (("ё", "е"),))

LANGUAGES: dict[str, Language] = {lang.code: lang for lang in (ENGLISH, RUSSIAN)}


def get_language(code: str | Language) -> Language:
    if isinstance(code, Language):
        return code
    try:
        return LANGUAGES[code.lower()]
    except KeyError:
        raise InvalidWordError(
            f"unknown language {code!r}; known: {', '.join(LANGUAGES)}", code
        ) from None


# The keyboard rows players know, for the on-screen keyboards of the console and web games.
LAYOUTS: dict[str, tuple[str, ...]] = {
    "en": ("qwertyuiop", "asdfghjkl", "zxcvbnm"),
    "ru": ("йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"),
}


def keyboard_rows(lang: str, letters: str) -> list[str]:
    """The language's keyboard rows, then a row of any of ``letters`` the layout lacks."""
    rows = list(LAYOUTS.get(lang, ()))
    extra = "".join(ch for ch in letters if not any(ch in r for r in rows))
    return rows + [extra] if extra else rows
