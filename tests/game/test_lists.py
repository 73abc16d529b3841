"""Every bundled word list: golden counts and fingerprints, alphabets, subsets."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from wordlelab.game.words import WordList, bundled_lists, fingerprint

# (language, length, kind, words, sha256 fingerprint); see src/wordlelab/data/PROVENANCE.md
GOLDEN = [
    ("en", 4, "answers", 1823, "b4e68f34ce2adb170ca13c1015c8cb6b873a0d0338211992506473d390587b39"),
    ("en", 4, "allowed", 3437, "1005870cf5c6a105994ccfd12a4ce23b8eb3a3c15ba3ac01d6f46853aa0599e5"),
    ("en", 5, "answers", 2315, "f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee"),
    ("en", 5, "allowed", 12972, "feacc549249b5dcb43e2799fbbcda14ebc33d55904fb15d043779104e60c1579"),
    ("en", 5, "nyt", 14855, "ba86911aea83d038d53c0999fe6cbe310c8f59d2b79626c73bd0cd0773adc320"),
    (
        "en",
        5,
        "nyt-answers",
        3158,
        "3e443482b78dee0f6f8de4f74dbb67537db781524279b1d40ca3353c592b03ce",
    ),
    (
        "en",
        5,
        "nyt2022-answers",
        2309,
        "c495f6cbc36475358a89e30ac16bd5c0c05073c8c7647bb6c35dd01f7bae6e32",
    ),
    ("en", 6, "answers", 2315, "51d9f3f14dceb2f140f673565305d9516a2af61ed07e42764b1f9024fc4c7cd8"),
    ("en", 6, "allowed", 11176, "0d78073ad76f442ecf566507fa271165a35f7d48b0cac12e642d55da3b71bb45"),
    ("en", 7, "answers", 2315, "8cf7f23664790eb51d5d6d8f784b0c86ad2816de8b836f7477b63edcf82063a7"),
    ("en", 7, "allowed", 15844, "7d8c1bfce94545e2c35d151f34845992075df9c3e535dbf4aaa32601def0cf8e"),
    ("en", 8, "answers", 2315, "0dc092a41683caa96d44debc09171d2d1ef623fe06a6cef66551ed9e0cd77551"),
    ("en", 8, "allowed", 17836, "acbfc9028bdfd65e1f1e682b2cac9017550d7a2ba9af9bf3cba36e7bf72b1f74"),
    ("en", 9, "answers", 2315, "fd287c8bda75a0b43f50133ae8f6cddd4763626f58dbbbcbbf54ad2a47b63926"),
    ("en", 9, "allowed", 17155, "3133fe8fc20a8ca83d7bdb99f847e4e577f5e7dbaf2b9fd0cce99dd7dc02798b"),
    ("en", 10, "answers", 2049, "afe9a132c9a4c115797e710e656ebc8898be64545c8203f7f2d71eb9b33ef65d"),
    (
        "en",
        10,
        "allowed",
        14374,
        "cf89545c03e1390980771f5e7cdad1977c77866d9a13a7892708b480c54b3781",
    ),
    ("en", 11, "answers", 1318, "15462381135997720be746ff65d8dc0d61fa83f282818b9bb50964644553e0bb"),
    (
        "en",
        11,
        "allowed",
        10659,
        "8b3790eb5de34a9b1ffaca0a770675051f57a6917df1abefb5bd4cf1b3a26a32",
    ),
    ("ru", 4, "answers", 886, "300b74fad5fd8f29ff6bc6947d74c96554aac9bc97febece40f6d9601bc150b7"),
    ("ru", 4, "allowed", 1382, "eeaa84e1c2f470fe2eb9422451f49b1a68fa2261e4850328317b0f75cbfb7ff3"),
    ("ru", 5, "answers", 1550, "95a08064a9d85f47c8418bdeeae67c7ce933e839bde98ea4ed9f138f6d1eef39"),
    ("ru", 5, "allowed", 2876, "94704b1753ce6e6d39c719e03ecd98c068d7b95785367240b5d3e71771df056b"),
    ("ru", 6, "answers", 1697, "c39908fdffd3dbb9b6af102fb8a34befcad9838b13455e4a2cd6bfdf9076110c"),
    ("ru", 6, "allowed", 3882, "95ec29748342cd073bd72501cca56253c09edcd7cc725f0f386c4fce0aa441c3"),
    ("ru", 7, "answers", 1648, "464135b288d89a04352e5ea3423a0e7863fbca141b1e83d39b6113b44b9a7379"),
    ("ru", 7, "allowed", 4932, "072e9a2f022cb70c5f954374721f3c6ad7ea3f1ea995280016568c9a586ed7e3"),
    ("ru", 8, "answers", 1426, "2f91b1cb0bae244c6f0a27f4e07ff4859495676f991e2b35f62217eabc765a5f"),
    ("ru", 8, "allowed", 5145, "3a6fce96f213bbdb8de223a3356f428d9b5a1da44bf4246cee8d5bf8b2f462ec"),
    ("ru", 9, "answers", 1179, "4c8c74d18d40d3e72c1f39c4253d272bf0e38741c37e301e63dc178c8a588ca5"),
    ("ru", 9, "allowed", 4857, "841f515ac8fc7b7597253741e0d9ab906eaa60f19cb740c44446abbf290fe27c"),
    ("ru", 10, "answers", 910, "0418a21319ae774cad9cadfd92220f35071b3a87838fd6e22889ae3d6e49871b"),
    ("ru", 10, "allowed", 4145, "7bf19804a33ea138965929a31c29b591a13776c7a79c2c7f9eb2b5388e04859e"),
    ("ru", 11, "answers", 632, "fbade9912b8d29e3bbc5365e1b7bb4e89bc6b96589d794341e001d0a9ee0c55e"),
    ("ru", 11, "allowed", 3406, "995fd626dc37d35912e43b4a39d3ce820bc6346c2bb09d6bbc38e6d49ca287b2"),
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
    [
        ("en", 4, "time"),
        ("en", 6, "people"),
        ("en", 8, "business"),
        ("en", 11, "information"),
        ("ru", 4, "день"),
        ("ru", 5, "время"),
        ("ru", 4, "елка"),
        ("ru", 7, "человек"),
        ("ru", 11, "возможность"),
    ],
)
def test_common_words_are_answers(lang, length, word):
    assert word in WordList.bundled("answers", lang, length)


@pytest.mark.parametrize(
    "lang, length, word",
    [
        ("en", 4, "cats"),
        ("en", 6, "things"),
        ("en", 6, "killed"),
        ("en", 4, "xxiv"),
        ("en", 4, "dept"),
        ("ru", 5, "кошки"),
        ("ru", 5, "стать"),
        ("ru", 5, "перед"),
    ],
)
def test_inflections_homonyms_and_abbreviations_are_not_answers(lang, length, word):
    assert word not in WordList.bundled("answers", lang, length)


def test_proper_nouns_and_roman_numerals_are_not_allowed():
    allowed4 = WordList.bundled("allowed", "en", 4)
    assert "xxiv" not in allowed4 and "viii" not in allowed4
    assert "cats" in allowed4  # inflections stay valid guesses
    assert "москва" not in WordList.bundled("allowed", "ru", 6)


def test_nyt_answer_lists_are_the_published_ones():
    """The prefixes the issue and alex1770/wordle publish; nyt2022 is the original less six words."""
    assert WordList.bundled("nyt-answers").fingerprint.startswith("3e443482b78dee0f")
    nyt2022 = WordList.bundled("nyt2022-answers")
    assert nyt2022.fingerprint.startswith("c495f6cbc3647535")
    assert set(WordList.bundled("answers")) - set(nyt2022) == {
        "agora",
        "fibre",
        "lynch",
        "pupal",
        "slave",
        "wench",
    }
    nyt = set(WordList.bundled("nyt"))
    assert set(WordList.bundled("nyt-answers")) <= nyt and set(nyt2022) <= nyt
