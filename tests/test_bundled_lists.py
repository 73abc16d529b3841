"""Every bundled word list: golden counts and fingerprints, alphabets, subsets."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from wordlelab.words import WordList, bundled_lists, fingerprint

# (language, length, kind, words, sha256 fingerprint); see src/wordlelab/data/PROVENANCE.md
GOLDEN = [
    ("en", 4, "answers", 1823, "b4e68f34ce2adb170ca13c1015c8cb6b873a0d0338211992506473d390587b39"),
    ("en", 4, "allowed", 3437, "1005870cf5c6a105994ccfd12a4ce23b8eb3a3c15ba3ac01d6f46853aa0599e5"),
    ("en", 5, "answers", 2315, "f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee"),
    ("en", 5, "allowed", 12972, "feacc549249b5dcb43e2799fbbcda14ebc33d55904fb15d043779104e60c1579"),
    ("en", 5, "nyt", 14855, "ba86911aea83d038d53c0999fe6cbe310c8f59d2b79626c73bd0cd0773adc320"),
    ("en", 6, "answers", 2315, "51d9f3f14dceb2f140f673565305d9516a2af61ed07e42764b1f9024fc4c7cd8"),
    ("en", 6, "allowed", 11176, "0d78073ad76f442ecf566507fa271165a35f7d48b0cac12e642d55da3b71bb45"),
    ("en", 7, "answers", 2315, "8cf7f23664790eb51d5d6d8f784b0c86ad2816de8b836f7477b63edcf82063a7"),
    ("en", 7, "allowed", 15844, "7d8c1bfce94545e2c35d151f34845992075df9c3e535dbf4aaa32601def0cf8e"),
    ("en", 8, "answers", 2315, "0dc092a41683caa96d44debc09171d2d1ef623fe06a6cef66551ed9e0cd77551"),
    ("en", 8, "allowed", 17836, "acbfc9028bdfd65e1f1e682b2cac9017550d7a2ba9af9bf3cba36e7bf72b1f74"),
    ("en", 9, "answers", 2315, "fd287c8bda75a0b43f50133ae8f6cddd4763626f58dbbbcbbf54ad2a47b63926"),
    ("en", 9, "allowed", 17155, "3133fe8fc20a8ca83d7bdb99f847e4e577f5e7dbaf2b9fd0cce99dd7dc02798b"),
    ("en", 10, "answers", 2049, "afe9a132c9a4c115797e710e656ebc8898be64545c8203f7f2d71eb9b33ef65d"),
    ("en", 10, "allowed", 14374, "cf89545c03e1390980771f5e7cdad1977c77866d9a13a7892708b480c54b3781"),
    ("en", 11, "answers", 1318, "15462381135997720be746ff65d8dc0d61fa83f282818b9bb50964644553e0bb"),
    ("en", 11, "allowed", 10659, "8b3790eb5de34a9b1ffaca0a770675051f57a6917df1abefb5bd4cf1b3a26a32"),
    ("ru", 4, "answers", 895, "a48588fd54741b60a44e595c65635beeb80df58056c4852896d5e2b0209d71fc"),
    ("ru", 4, "allowed", 1396, "0669db472d29fb27c288bccaa6f699759e5a81ed33bc3fd8fd11e8a301c6cbc5"),
    ("ru", 5, "answers", 1556, "0dfac69eb4c89addc02e32a8720718b73c678b0f0104f6063b97c55c3d5f984e"),
    ("ru", 5, "allowed", 2929, "d63cb914211a181ae593ec796ae756e29d190ff4f92da112006b7b0ede7b8d13"),
    ("ru", 6, "answers", 1702, "319ae14d19cf83dd885bab64b6b7b95630e6e44c60e32ad4b9f46667f67e0646"),
    ("ru", 6, "allowed", 4019, "6602eb38111cbfd94b360ee7a9c96a6da6144f7f9bfa49ebdc9d28776e18b236"),
    ("ru", 7, "answers", 1652, "a81aecf68c2cb182a02ca700a563d13b8b9f7124c41b8276f41d05ebc33e46c8"),
    ("ru", 7, "allowed", 5305, "3f7860eb666cefb90a23ce42bf888e491a48e52b9948074ed93e70094c8f3b95"),
    ("ru", 8, "answers", 1430, "4955f7e0755ed30c50c1514ecc47c83191128efebdb0c7b1f98ad259045804fa"),
    ("ru", 8, "allowed", 5782, "18d1f9b8005d101dd927e53d287e70ea429fd1310142d080338993cc3d7f3a27"),
    ("ru", 9, "answers", 1183, "c84654e083f1c0470a2cde59403bd8c7cd49a0b619db32070ce69dce8dab0e40"),
    ("ru", 9, "allowed", 5265, "2239bc30b2ed0289bf308df3ca8fd5047b6070c755c65bb8cbbdd443e4916449"),
    ("ru", 10, "answers", 912, "8883dd119bf781087b68629b6c9fa5726f50dc4adb44a5c6388120fa826346da"),
    ("ru", 10, "allowed", 4498, "3e54b5ce674108dd3017fa0a8b3f6ab99ce697156de47837e4c6d0e4a2276309"),
    ("ru", 11, "answers", 632, "fbade9912b8d29e3bbc5365e1b7bb4e89bc6b96589d794341e001d0a9ee0c55e"),
    ("ru", 11, "allowed", 3712, "5294d85b18e207d487ed06a88906ded67c92bc891501f86043851dc8e07aa419"),
]

ALPHABETS = {"en": "abcdefghijklmnopqrstuvwxyz", "ru": "абвгдежзийклмнопрстуфхцчшщъыьэюя"}
FOLDERS = sorted({(lang, length) for lang, length, *_ in GOLDEN})


def _text(lang: str, length: int, name: str) -> str:
    ref = resources.files("wordlelab") / "data" / lang / str(length) / name
    return ref.read_text(encoding="utf-8")


def test_golden_table_lists_every_bundled_list():
    assert sorted(bundled_lists()) == sorted((kind, lang, n) for lang, n, kind, *_ in GOLDEN)


@pytest.mark.parametrize("lang, length, kind, count, digest", GOLDEN, ids=lambda v: str(v)[:12])
def test_count_and_fingerprint(lang, length, kind, count, digest):
    words = WordList.bundled(kind, lang, length)
    assert len(words) == count
    assert words.fingerprint == digest
    assert words.length == length
    assert words.language is not None and words.language.code == lang


@pytest.mark.parametrize("lang, length, kind, count, digest", GOLDEN, ids=lambda v: str(v)[:12])
def test_file_is_sorted_one_word_a_line(lang, length, kind, count, digest):
    text = _text(lang, length, f"{kind}.txt")
    assert text.endswith("\n") and "\r" not in text
    lines = text[:-1].split("\n")
    assert lines == sorted(set(lines))
    letters = re.escape(ALPHABETS[lang])
    bad = [w for w in lines if not re.fullmatch(f"[{letters}]{{{length}}}", w)]
    assert bad == []
    assert fingerprint(lines) == digest


@pytest.mark.parametrize("lang, length", FOLDERS)
def test_answers_are_allowed(lang, length):
    answers = set(WordList.bundled("answers", lang, length))
    allowed = set(WordList.bundled("allowed", lang, length))
    assert answers <= allowed
    assert len(answers) <= 2315


def test_nyt_list_extends_the_original():
    assert set(WordList.bundled("allowed", "en", 5)) <= set(WordList.bundled("nyt", "en", 5))


@pytest.mark.parametrize("length", range(4, 12))
def test_russian_lists_have_no_yo(length):
    for kind in ("answers", "allowed"):
        assert "ё" not in _text("ru", length, f"{kind}.txt")


@pytest.mark.parametrize(
    "lang, length, word",
    [("en", 4, "time"), ("en", 6, "people"), ("en", 8, "business"), ("en", 11, "information"),
     ("ru", 4, "день"), ("ru", 5, "время"), ("ru", 4, "елка"), ("ru", 7, "человек"), ("ru", 11, "возможность")],
)
def test_common_words_are_answers(lang, length, word):
    assert word in WordList.bundled("answers", lang, length)


@pytest.mark.parametrize(
    "lang, length, word",
    [("en", 4, "cats"), ("en", 6, "things"), ("en", 6, "killed"), ("en", 4, "xxiv"), ("en", 4, "dept"),
     ("ru", 5, "кошки"), ("ru", 5, "стать"), ("ru", 5, "перед")],
)
def test_inflections_homonyms_and_abbreviations_are_not_answers(lang, length, word):
    assert word not in WordList.bundled("answers", lang, length)


def test_proper_nouns_and_roman_numerals_are_not_allowed():
    allowed4 = WordList.bundled("allowed", "en", 4)
    assert "xxiv" not in allowed4 and "viii" not in allowed4
    assert "cats" in allowed4  # inflections stay valid guesses
    assert "москва" not in WordList.bundled("allowed", "ru", 6)
