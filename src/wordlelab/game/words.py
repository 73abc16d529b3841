"""Word lists: the bundled ones (package data) and user files, validated on load."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

from ..errors import InvalidWordError, UnknownWordError, WordListError
from ..limits import check_word_text, read_user_text
from .languages import Language, get_language


def fingerprint(words: Iterable[str]) -> str:
    """sha256 of the sorted, distinct, lowercase words, one a line with a trailing newline."""
    text = "".join(w + "\n" for w in sorted({w.lower() for w in words}))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def normalize_word(word: str, length: int | None = None, language: Language | None = None) -> str:
    """A typed word folded (case, ё) and checked for length and alphabet; InvalidWordError if not."""
    if not isinstance(word, str):
        raise InvalidWordError(f"{word!r} is not a word", word)
    check_word_text(word, "word", InvalidWordError)  # before any work on a 9,000-letter "word"
    w = language.normalize(word) if language else word.strip().lower()
    if not w:
        raise InvalidWordError("an empty word", word)
    if length is not None and len(w) != length:
        raise InvalidWordError(
            f"{word!r} has {len(w)} letters; this game uses {length}",
            word,
            kind="word_length",
            letters=len(w),
            length=length,
        )
    if language is not None:
        bad = language.bad_letters(w)
    else:
        bad = "".join(sorted({ch for ch in w if not ch.isalpha()}))
    if bad:
        where = f"the {language.name} alphabet" if language else "a word"
        other = _other_language(w, language)
        says = (
            f"has {bad!r}, which is not in {where}"
            if len(bad) == 1
            else f"has characters outside {where} ({', '.join(bad)})"
            if language
            else f"has characters no word has ({', '.join(bad)})"
        )
        raise InvalidWordError(
            f"{word!r} {says}" + (f"; the word is {other.name}" if other else ""),
            word,
            kind="bad_letters",
            letters=bad,
            **({"other_lang": other.code} if other else {}),
        )
    return w


def _other_language(word: str, language: Language | None) -> Language | None:
    """The other language every letter of ``word`` belongs to, if one does (the error says the
    word is Russian; the CLI adds "try --lang ru", the web page its language menu)."""
    from .languages import LANGUAGES

    for other in LANGUAGES.values():
        if other != language and not other.bad_letters(other.normalize(word)):
            return other
    return None


class WordList(Sequence[str]):
    """An ordered list of distinct words of one length, over one alphabet."""

    def __init__(
        self, words: Iterable[str], name: str = "words", language: Language | str | None = None
    ):
        self.language = get_language(language) if language is not None else None
        self.words: tuple[str, ...] = tuple(words)
        self.name = name
        # Repeated words that from_lines dropped, "word (line n, first on line m)".
        self.dropped: tuple[str, ...] = ()
        if not self.words:
            raise WordListError(f"{name}: no words", name)
        self.length = len(self.words[0])
        self._index = {w: i for i, w in enumerate(self.words)}
        if len(self._index) != len(self.words):
            raise WordListError(f"{name}: the list repeats a word", name)
        for w in self.words:
            if len(w) != self.length:
                raise WordListError(
                    f"{name}: {w!r} has {len(w)} letters, the list has {self.length}", name
                )

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def bundled(cls, kind: str = "answers", lang: str = "en", length: int = 5) -> WordList:
        """A list shipped with the package: ``kind`` is answers, allowed or nyt."""
        return _bundled(kind, lang, length)

    @classmethod
    def from_file(cls, path: str | Path, language: Language | str | None = None) -> WordList:
        """One word a line; ``#`` starts a comment; blank lines are skipped; case is folded."""
        path = Path(path)
        text = read_user_text(path, WordListError)  # a byte-order mark is not a letter (utf-8-sig)
        return cls.from_lines(text.splitlines(), name=str(path), language=language)

    @classmethod
    def from_lines(
        cls, lines: Iterable[str], name: str = "words", language: Language | str | None = None
    ) -> WordList:
        lang = get_language(language) if language is not None else None
        lines = list(lines)
        clean = cls._from_clean_lines(lines, name, lang)
        if clean is not None:
            return clean
        words: list[str] = []
        seen: dict[str, int] = {}
        repeated: list[str] = []  # a word given twice is kept once (and said by the CLI)
        length = None
        for lineno, raw in enumerate(lines, 1):
            word = raw.split("#", 1)[0].strip()
            if not word:
                continue
            word = lang.normalize(word) if lang else word.lower()
            where = f"{name}:{lineno}"
            if lang is not None:
                bad = lang.bad_letters(word)
                if bad:
                    other = _other_language(word, lang)
                    raise WordListError(
                        f"{where}: {raw.strip()!r} has {bad!r}, outside the {lang.name} alphabet"
                        + (f"; the word is {other.name}" if other else ""),
                        name,
                        **({"other_lang": other.code} if other else {}),
                    )
            elif not word.isalpha():
                bad = "".join(sorted({ch for ch in word if not ch.isalpha()}))
                raise WordListError(f"{where}: {raw.strip()!r} has non-letters {bad!r}", name)
            if length is None:
                length = len(word)
            elif len(word) != length:
                raise WordListError(
                    f"{where}: {raw.strip()!r} has {len(word)} letters; the list's first word has {length}",
                    name,
                )
            if word in seen:
                repeated.append(f"{word} (line {lineno}, first on line {seen[word]})")
                continue
            seen[word] = lineno
            words.append(word)
        if not words:
            raise WordListError(f"{name}: no words in it", name)
        out = cls(words, name=name, language=lang)
        out.dropped = tuple(repeated)
        return out

    @classmethod
    def _from_clean_lines(
        cls, lines: list[str], name: str, lang: Language | None
    ) -> WordList | None:
        """``from_lines`` for the usual file (valid letters, one length, no repeats), checked over
        the whole text at once; None when a line needs the loop above (to say what is wrong)."""
        kept = [
            w
            for w in (
                line.split("#", 1)[0].strip() if "#" in line else line.strip() for line in lines
            )
            if w
        ]
        if not kept:
            return None
        # Folding the joined text folds each word (lower() sees the newlines as word boundaries).
        text = "\n".join(kept).lower()
        if lang is not None:
            for src, dst in lang.folds:
                text = text.replace(src, dst)
        words = text.split("\n")
        letters = set(text)
        letters.discard("\n")
        if len(words) != len(kept) or not letters:
            return None
        if not (letters <= set(lang.alphabet) if lang is not None else "".join(letters).isalpha()):
            return None
        if len(set(map(len, words))) != 1 or len(set(words)) != len(words):
            return None
        return cls(words, name=name, language=lang)

    # -- queries -------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.words)

    def __getitem__(self, i):  # type: ignore[override]
        return self.words[i]

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self._index

    def __repr__(self) -> str:
        return f"<WordList {self.name!r}: {len(self)} words of {self.length}>"

    def index(self, word: str, *args: object) -> int:  # type: ignore[override]
        try:
            return self._index[word]
        except KeyError:
            raise UnknownWordError.not_in_list(word, self.name) from None

    @cached_property
    def fingerprint(self) -> str:
        return fingerprint(self.words)

    @cached_property
    def letters(self) -> str:
        """The letters the words use, sorted (the language's whole alphabet when it has one)."""
        used = set("".join(self.words))
        if self.language is not None:
            return "".join(sorted(used | set(self.language.alphabet)))
        return "".join(sorted(used))

    def normalize(self, word: str) -> str:
        """Fold case (and ё) and check length and alphabet; does not check membership."""
        return normalize_word(word, self.length, self.language)

    def lookup(self, word: str) -> int:
        """Index of a typed word: normalised, validated, and required to be in the list."""
        return self.index(self.normalize(word))

    def encode(self, alphabet: str) -> np.ndarray:
        """Letters as indices into ``alphabet``: a (len, length) uint8 array."""
        # Vectorised (every word has ``length`` code points): a per-letter Python loop took 13 ms
        # for 13k words on every start of the exact search.
        points = np.frombuffer("".join(self.words).encode("utf-32-le"), dtype=np.uint32)
        letters = np.array([ord(ch) for ch in alphabet], dtype=np.uint32)
        order = np.argsort(letters, kind="stable")
        pos = np.minimum(np.searchsorted(letters[order], points), max(len(alphabet) - 1, 0))
        found = (
            letters[order][pos] == points if len(alphabet) else np.zeros(points.shape, dtype=bool)
        )
        if not found.all():
            missing = chr(int(points[np.argmin(found)]))
            raise InvalidWordError(f"letter {missing!r} is not in the alphabet", missing)
        return order[pos].astype(np.uint8).reshape(len(self.words), self.length)


@lru_cache(maxsize=64)
def _bundled(kind: str, lang: str, length: int) -> WordList:
    language = get_language(lang)
    ref = resources.files("wordlelab") / "data" / language.code / str(length) / f"{kind}.txt"
    if not ref.is_file():
        known = ", ".join(f"{k}/{lang}/{n}" for k, lang, n in bundled_lists()) or "none"
        raise WordListError(
            f"no bundled list {kind!r} for {language.code}, length {length}; bundled: {known}",
            (kind, lang, length),
        )
    words = ref.read_text(encoding="utf-8").split()
    return WordList(words, name=f"{kind} ({language.code}, {length} letters)", language=language)


def bundled_lists() -> list[tuple[str, str, int]]:
    """(kind, language, length) of every bundled list."""
    out = []
    root = resources.files("wordlelab") / "data"
    for lang_dir in sorted(root.iterdir(), key=lambda p: p.name):
        if not lang_dir.is_dir() or lang_dir.name.startswith("_"):
            continue
        for len_dir in lang_dir.iterdir():
            if not len_dir.is_dir() or not len_dir.name.isdigit():
                continue
            for f in len_dir.iterdir():
                if f.name.endswith(".txt"):
                    out.append((f.name[:-4], lang_dir.name, int(len_dir.name)))
    return sorted(out, key=lambda t: (t[1], t[2], t[0]))
