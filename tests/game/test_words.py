"""Bundled lists (fingerprints from PROVENANCE.md) and user word-list files."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordlelab import InvalidWordError, UnknownWordError, WordList, WordListError, fingerprint
from wordlelab.game.languages import RUSSIAN

ORIGINAL = {
    "answers": (2315, "f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee"),
    "allowed": (12972, "feacc549249b5dcb43e2799fbbcda14ebc33d55904fb15d043779104e60c1579"),
    "nyt": (14855, "ba86911aea83d038d53c0999fe6cbe310c8f59d2b79626c73bd0cd0773adc320"),
}


@pytest.mark.parametrize("kind", sorted(ORIGINAL))
def test_original_lists_fingerprints(kind):
    words = WordList.bundled(kind)
    count, digest = ORIGINAL[kind]
    assert len(words) == count
    assert words.fingerprint == digest
    assert list(words) == sorted(words)


def test_answers_subset_of_allowed_subset_of_nyt():
    answers, allowed, nyt = (set(WordList.bundled(k)) for k in ("answers", "allowed", "nyt"))
    assert answers <= allowed <= nyt


def test_fingerprint_definition():
    assert fingerprint(["b", "A", "a"]) == fingerprint(["a", "b"])


def test_unknown_bundled_list():
    with pytest.raises(WordListError, match="no bundled list 'answers' for en, length 3"):
        WordList.bundled("answers", "en", 3)


def write(tmp_path, text, name="words.txt"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_file_comments_blanks_and_case(tmp_path):
    p = write(tmp_path, "# my list\nCRANE\n\n  slate  # a comment\nAbbey\n")
    wl = WordList.from_file(p)
    assert list(wl) == ["crane", "slate", "abbey"]
    assert wl.length == 5 and wl.index("slate") == 1


@pytest.mark.parametrize(
    "text,line,message",
    [
        ("crane\nslat\n", 2, "has 4 letters; the list's first word has 5"),
        ("crane\nsl4te\n", 2, "non-letters '4'"),
        ("crane\nsla-t\n", 2, "non-letters '-'"),
    ],
)
def test_bad_files_name_file_and_line(tmp_path, text, line, message):
    p = write(tmp_path, text)
    with pytest.raises(WordListError, match=message) as exc:
        WordList.from_file(p)
    assert f"{p}:{line}:" in str(exc.value)


@pytest.mark.parametrize("text", ["", "# only a comment\n\n"])
def test_empty_file(tmp_path, text):
    p = write(tmp_path, text)
    with pytest.raises(WordListError, match="no words"):
        WordList.from_file(p)


def test_missing_and_binary_files(tmp_path):
    with pytest.raises(WordListError, match="no such file"):
        WordList.from_file(tmp_path / "nope.txt")
    p = tmp_path / "bin.txt"
    p.write_bytes(
        b"\x80\x81\x00crane"
    )  # not UTF-8 (b"\xff\xfe" would be UTF-16's mark, read as such)
    with pytest.raises(WordListError, match="cannot read"):
        WordList.from_file(p)


def test_language_alphabet_and_yo_folding(tmp_path):
    p = write(tmp_path, "ёлка\nпесок\n".replace("песок", "сова"))
    wl = WordList.from_file(p, language="ru")
    assert list(wl) == ["елка", "сова"]
    with pytest.raises(WordListError, match="outside the Russian alphabet"):
        WordList.from_file(write(tmp_path, "ёлка\nsova\n", "mixed.txt"), language=RUSSIAN)
    with pytest.raises(WordListError, match="outside the English alphabet"):
        WordList.from_file(write(tmp_path, "crane\nсова1\n", "en.txt"), language="en")


def test_normalize_and_lookup(allowed):
    assert allowed.lookup(" SaLeT ") == allowed.index("salet")
    with pytest.raises(InvalidWordError, match="has 4 letters; this game uses 5"):
        allowed.lookup("sale")
    with pytest.raises(InvalidWordError, match="'s4let'"):
        allowed.lookup("s4let")
    with pytest.raises(UnknownWordError, match="'zzzzz' is not in the word list"):
        allowed.lookup("zzzzz")


def test_provenance_records_every_fingerprint():
    from importlib import resources

    text = (resources.files("wordlelab") / "data" / "PROVENANCE.md").read_text(encoding="utf-8")
    for count, digest in ORIGINAL.values():
        assert digest in text and str(count) in text


def test_bom_crlf_and_repeated_words(tmp_path):
    """Issue 15: a BOM and CRLF ends are read; a repeated word is kept once and reported."""
    p = tmp_path / "w.txt"
    p.write_bytes("\ufeffcrane\r\nslate\r\nCrane\r\n".encode("utf-8"))
    wl = WordList.from_file(p)
    assert list(wl) == ["crane", "slate"] and wl.dropped == ("crane (line 3, first on line 1)",)


def _read_both_ways(lines, language, monkeypatch):
    """from_lines as it is, and with its whole-text fast path turned off (the careful loop)."""

    def outcome():
        try:
            wl = WordList.from_lines(lines, name="t", language=language)
            return list(wl), wl.dropped, wl.length, wl.letters
        except WordListError as exc:
            return "error", str(exc)

    fast = outcome()
    with monkeypatch.context() as m:
        m.setattr(WordList, "_from_clean_lines", classmethod(lambda cls, *a: None))
        slow = outcome()
    return fast, slow


_LINE = st.text(alphabet="abcAB ё\tЁeΣσİ#1-ж", max_size=7)
# Lines of one length, often a clean file (the fast path), sometimes with a comment or padding.
_WORD_LINE = st.builds(
    lambda w, pad, note: pad + w + pad + note,
    st.text(alphabet="abAжЖёЁΣσ", min_size=3, max_size=3),
    st.sampled_from(["", " ", "\t"]),
    st.sampled_from(["", "# n", "#"]),
)


@given(
    lines=st.one_of(st.lists(_LINE, max_size=8), st.lists(_WORD_LINE, max_size=8)),
    language=st.sampled_from([None, "en", "ru"]),
)
@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_from_lines_fast_path_agrees_with_the_loop(lines, language, monkeypatch):
    fast, slow = _read_both_ways(lines, language, monkeypatch)
    assert fast == slow


@pytest.mark.parametrize("kind", ["allowed", "answers", "nyt"])
def test_from_lines_fast_path_on_the_bundled_lists(kind, monkeypatch):
    lines = WordList.bundled(kind).words
    fast, slow = _read_both_ways(
        [w.upper() + "  # x" for w in lines] + ["", "# end"], "en", monkeypatch
    )
    assert fast == slow and fast[0] == list(lines)


@given(
    words=st.lists(
        st.text(alphabet="abcdeёж", min_size=3, max_size=3), min_size=1, max_size=6, unique=True
    ),
    alphabet=st.text(alphabet="abcdefёжz", max_size=9).map(lambda a: "".join(dict.fromkeys(a))),
)
@settings(max_examples=300, deadline=None)
def test_encode_is_the_index_of_each_letter_in_the_alphabet(words, alphabet):
    wl = WordList(words)
    missing = [ch for w in words for ch in w if ch not in alphabet]
    if missing:
        with pytest.raises(InvalidWordError, match=f"letter {missing[0]!r} is not in the alphabet"):
            wl.encode(alphabet)
        return
    codes = wl.encode(alphabet)
    assert codes.dtype == np.uint8 and codes.shape == (len(words), 3)
    assert codes.tolist() == [[alphabet.index(ch) for ch in w] for w in words]


def test_a_utf16_word_list_is_read(tmp_path):
    """A list saved by Windows as UTF-16 (with its byte-order mark) is read as its words."""
    p = tmp_path / "w16.txt"
    p.write_bytes("crane\r\nslate\r\n".encode("utf-16"))
    assert list(WordList.from_file(p)) == ["crane", "slate"]
