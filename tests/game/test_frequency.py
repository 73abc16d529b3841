"""The frequency API: bundled and computed Zipf values, ranking, and the sigmoid prior."""

from __future__ import annotations

import numpy as np
import pytest

from wordlelab.errors import InvalidWordError, WordlelabError
from wordlelab.game.frequency import prior_weights, rank_by_frequency, word_frequencies, zipf
from wordlelab.game.words import WordList


def test_common_words_rank_above_rare_ones():
    assert rank_by_frequency(["xylyl", "house", "their", "zebra"]) == [
        "their",
        "house",
        "zebra",
        "xylyl",
    ]
    f = word_frequencies(["about", "cigar", "xylyl"])
    assert f.dtype == np.float64 and f.shape == (3,)
    assert f[0] > f[1] > f[2] == 0.0


def test_values_agree_with_wordfreq():
    from wordfreq import zipf_frequency

    for word in ("about", "cigar", "people", "information"):
        assert zipf(word) == zipf_frequency(word, "en")


def test_words_outside_the_bundled_lists_are_computed():
    # 3 and 12 letters have no bundled table; "zzzzzzzzzzzz" is in no corpus
    f = word_frequencies(["the", "cat", "relationship", "zzzzzzzzzzzz"])
    assert f[0] > f[1] > 0 and f[2] > 0 and f[3] == 0.0


def test_case_is_folded():
    assert zipf("HoUsE") == zipf("house")


def zipf_one(word: str) -> float:
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "ru")


def test_russian_folds_yo_and_merges_both_spellings():
    from wordfreq import word_frequency

    assert zipf("ёлка", "ru") == zipf("елка", "ru") == zipf("ЁЛКА", "ru")
    merged = word_frequency("ёлка", "ru") + word_frequency("елка", "ru")
    assert zipf("елка", "ru") == round(np.log10(merged) + 9, 2)
    assert zipf("елка", "ru") > max(zipf_one("ёлка"), zipf_one("елка"))
    # a word not bundled (12 letters) is merged the same way
    assert word_frequencies(["ёжик"], "ru")[0] == word_frequencies(["ежик"], "ru")[0] > 0


def test_language_comes_from_the_word_list():
    answers = WordList.bundled("answers", "ru", 5)
    f = word_frequencies(answers)
    assert len(f) == len(answers) and (f > 0).all()
    assert rank_by_frequency(answers)[0] == "время"


def test_custom_word_list_keeps_its_order():
    words = WordList.from_lines(["zebra", "about", "crane"], language="en")
    f = word_frequencies(words)
    assert list(f) == [zipf("zebra"), zipf("about"), zipf("crane")]


def test_rank_ties_are_alphabetical():
    assert rank_by_frequency(["zzzzq", "qqqqz", "xylyl"]) == ["qqqqz", "xylyl", "zzzzq"]


def test_prior_follows_frequency_and_is_a_probability():
    words = WordList.bundled("answers", "en", 6)
    p = prior_weights(words, n_common=1000)
    f = word_frequencies(words)
    assert p.shape == (len(words),) and ((p > 0) & (p < 1)).all()
    order = np.argsort(-f, kind="stable")
    assert (np.diff(p[order]) <= 1e-12).all()  # never rises as frequency falls
    assert abs((p > 0.5).sum() - 1000) <= 5


def test_prior_gives_equal_frequencies_equal_weight():
    p = prior_weights(["zzzzq", "qqqqz", "about"])
    assert p[0] == p[1] < p[2]


def test_prior_normalized_sums_to_one():
    p = prior_weights(["about", "crane", "xylyl"], normalize=True)
    assert p.sum() == pytest.approx(1.0)


def test_prior_edge_cases():
    assert prior_weights([]).shape == (0,)
    assert list(prior_weights(["about"])) == [1.0]
    with pytest.raises(WordlelabError):
        prior_weights(["about", "crane"], n_common=0)
    with pytest.raises(WordlelabError):
        prior_weights(["about", "crane"], width=0)


@pytest.mark.parametrize("bad", [["ab1de"], ["crane", 5], "crane", ["кошка"]])
def test_bad_input_raises_typed_errors(bad):
    with pytest.raises(InvalidWordError):
        word_frequencies(bad)


def test_unknown_language_is_a_typed_error():
    with pytest.raises(WordlelabError):
        word_frequencies(["crane"], lang="xx")


def test_results_are_fresh_arrays():
    a = word_frequencies(["about", "crane"])
    a[0] = -1
    assert word_frequencies(["about", "crane"])[0] > 0


def test_common_words_are_the_default_answers(tmp_path):
    from wordlelab.cli.common import load_lists
    from wordlelab.game.frequency import common_words

    allowed = WordList.bundled("allowed")
    common = common_words(allowed)
    assert len(common) == 2315 and set(common) <= set(allowed)
    assert "about" in common and "xylyl" not in common
    # The rule agrees with the original answers far better than chance (they are 18% of the list).
    overlap = len(set(common) & set(WordList.bundled("answers"))) / 2315
    assert overlap > 0.6
    p = tmp_path / "mine.txt"
    p.write_text("crane\nslate\nxylyl\nzymic\n", encoding="utf-8")
    lists = load_lists(words_file=str(p))
    assert list(lists.answers) == list(lists.guesses)  # too few common words: all may be the answer
