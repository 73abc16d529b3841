"""DecisionTree: a complete strategy written as one line per answer, with load, save and verify.

The text format has one line per answer: the guesses in the order played, the last one being the
answer, lowercase and space-separated (``salet courd crimp``). An answer the tree loses (hard
mode's objective lets a strategy lose some, see ``wordlelab.exact.optimal``) has the guesses played up
to the limit and then its answer in brackets: ``crane moist shout sight fight wight (night)``. A guess may carry the feedback it
gets, ``salet:..y.. courd:g.... crimp``, which verify then checks. ``#`` starts a comment;
comment lines of the form ``# key: value`` at the top are metadata (lists, mode, total).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from pathlib import Path

from ..config import MAX_LENGTH
from ..errors import (
    GameOverError,
    HardModeError,
    InvalidPatternError,
    InvalidWordError,
    TreeError,
    UnknownWordError,
    WordlelabError,
)
from ..game.classic import ClassicGame
from ..game.feedback import Pattern, score
from ..game.words import WordList
from ..limits import exists, read_user_text
from ..paths import write_atomic

History = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class TreeReport:
    """What ``verify`` found: the tree's size and how many guesses each answer takes."""

    answers: int
    total: int
    worst: int
    distribution: dict[int, int]
    opener: str
    hard: bool
    lost: int = 0  # answers whose line ends at the limit without them (counted as limit + 1)

    @property
    def mean(self) -> float:
        return self.total / self.answers

    def as_dict(self) -> dict[str, object]:
        return {
            "answers": self.answers,
            "total": self.total,
            "mean": round(self.mean, 4),
            "worst": self.worst,
            "distribution": {str(k): v for k, v in sorted(self.distribution.items())},
            "opener": self.opener,
            "hard": self.hard,
            "lost": self.lost,
        }


MAX_LINE_GUESSES = 20  # guesses on one line of a tree (the most any game allows: --max-guesses)


class DecisionTree:
    """Answer -> the guesses played for it (the last one the answer itself, unless the tree
    loses it: ``is_lost``; such a line counts one guess more than it holds, as a player's X/6)."""

    def __init__(
        self,
        paths: Mapping[str, Sequence[str]],
        *,
        name: str = "<tree>",
        meta: Mapping[str, str] | None = None,
        lines: Mapping[str, int] | None = None,
        feedback: Mapping[str, Sequence[str | None]] | None = None,
    ) -> None:
        if not paths:
            raise TreeError(f"{name}: the tree has no lines", name)
        self.paths: dict[str, tuple[str, ...]] = {a: tuple(p) for a, p in paths.items()}
        self.name = name
        self.meta: dict[str, str] = dict(meta or {})
        self._lines = dict(lines or {})
        self._feedback = {a: tuple(f) for a, f in (feedback or {}).items()}

    # -- text --------------------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, name: str = "<tree>") -> DecisionTree:
        """Read the text format; only the shape is checked here (``verify`` checks the rest)."""
        paths: dict[str, tuple[str, ...]] = {}
        lines: dict[str, int] = {}
        feedback: dict[str, tuple[str | None, ...]] = {}
        meta: dict[str, str] = {}
        in_header = True
        for lineno, raw in enumerate(text.splitlines(), 1):
            body, _, comment = raw.partition("#")
            if not body.strip():
                if in_header and comment and ":" in comment:
                    key, _, value = comment.partition(":")
                    meta[key.strip().lower()] = value.strip()
                continue
            in_header = False
            words: list[str] = []
            marks: list[str | None] = []
            tokens = body.split()
            if len(tokens) > MAX_LINE_GUESSES:  # the tree's prefixes grow with the square of a line
                raise TreeError(
                    f"{name}:{lineno}: {len(tokens):,} guesses on one line; a game has at most "
                    f"{MAX_LINE_GUESSES}",
                    name,
                )
            for place, token in enumerate(tokens, 1):
                word, sep, mark = token.partition(":")
                word = word.strip().lower()
                if len(word) > MAX_LENGTH:
                    raise TreeError(
                        f"{name}:{lineno}: {word[:20] + '…'!r} has {len(word):,} letters; words have "
                        f"at most {MAX_LENGTH}",
                        name,
                    )
                if not word.isalpha() and not (
                    place == len(tokens) and word[:1] == "(" and word[-1:] == ")"
                ):
                    raise TreeError(f"{name}:{lineno}: {token!r} is not a word", name)
                words.append(word)
                marks.append(mark if sep else None)
            answer = words[-1]
            lost = answer[:1] == "("
            if lost:  # an answer the tree loses: the guesses, then the answer in brackets
                answer = answer[1:-1]
                words.pop()
                if not answer.isalpha():
                    raise TreeError(f"{name}:{lineno}: {tokens[-1]!r} is not a word", name)
            if answer in paths:
                raise TreeError(
                    f"{name}:{lineno}: {answer!r} already has a line (line {lines[answer]})", name
                )
            if marks[-1] is not None:
                raise TreeError(
                    f"{name}:{lineno}: the answer {answer!r} takes no feedback mark", name
                )
            if lost:
                marks.pop()
            paths[answer] = tuple(words)
            lines[answer] = lineno
            if any(m is not None for m in marks):
                feedback[answer] = tuple(marks)
        if not paths:
            raise TreeError(f"{name}: no lines in it", name)
        return cls(paths, name=name, meta=meta, lines=lines, feedback=feedback)

    @classmethod
    def from_file(cls, path: str | Path) -> DecisionTree:
        path = Path(path)
        text = read_user_text(path, TreeError)  # as word files: a byte-order mark is not a word
        return cls.parse(text, name=str(path))

    def to_text(self, *, feedback: bool = False) -> str:
        """The text format (``meta`` as header comments), answers in alphabetical order."""
        out = [f"# {k}: {v}" for k, v in self.meta.items()]
        for answer in sorted(self.paths):
            line = self.paths[answer]
            lost = self.is_lost(answer)
            played = line if lost else line[:-1]
            if feedback:
                tokens = [f"{g}:{score(g, answer)}" for g in played]
            else:
                tokens = list(played)
            tokens.append(f"({answer})" if lost else line[-1])
            out.append(" ".join(tokens))
        return "\n".join(out) + "\n"

    def save(self, path: str | Path, *, feedback: bool = False) -> None:
        # Atomic: a run killed while writing never leaves half a tree (or destroys the old one).
        write_atomic(Path(path), self.to_text(feedback=feedback).encode("utf-8"))

    # -- figures -----------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.paths)

    def __iter__(self) -> Iterator[str]:
        return iter(self.paths)

    def __repr__(self) -> str:
        return f"<DecisionTree {self.name!r}: {len(self)} answers, total {self.total}>"

    def is_lost(self, answer: str) -> bool:
        """Whether the tree loses ``answer``: its line ends without it."""
        line = self.paths[answer]
        return not line or line[-1] != answer

    def guesses_for(self, answer: str) -> int:
        """The guesses ``answer`` costs: its line's, one more for a lost answer (a player's X/6)."""
        return len(self.paths[answer]) + self.is_lost(answer)

    @property
    def lost(self) -> int:
        """How many answers the tree loses."""
        return sum(self.is_lost(a) for a in self.paths)

    @property
    def total(self) -> int:
        return sum(self.guesses_for(a) for a in self.paths)

    @property
    def mean(self) -> float:
        return self.total / len(self.paths)

    @property
    def worst(self) -> int:
        return max(self.guesses_for(a) for a in self.paths)

    @property
    def distribution(self) -> dict[int, int]:
        return dict(sorted(Counter(self.guesses_for(a) for a in self.paths).items()))

    @property
    def opener(self) -> str:
        return next(line for line in self.paths.values() if line)[0]

    # -- navigation --------------------------------------------------------------------------------

    @cached_property
    def _next(self) -> dict[History, str]:
        """History of (guess, feedback code) -> the guess the tree plays next."""
        table: dict[History, str] = {}
        for answer, line in self.paths.items():
            history: History = ()
            for g in line:
                table.setdefault(history, g)
                history = history + ((g, score(g, answer).code),)
        return table

    def next_guess(self, history: Iterable[tuple[str, Pattern | int]]) -> str | None:
        """The guess the tree plays after ``history``, or None when the tree does not go there."""
        key = tuple((g, p.code if isinstance(p, Pattern) else int(p)) for g, p in history)
        return self._next.get(key)

    def answers_after(self, history: Iterable[tuple[str, Pattern | int]]) -> list[str]:
        """The answers whose line starts with ``history``."""
        key = tuple((g, p.code if isinstance(p, Pattern) else int(p)) for g, p in history)
        out = []
        for answer, line in self.paths.items():
            if len(line) > len(key) and all(
                line[i] == g and score(g, answer).code == c for i, (g, c) in enumerate(key)
            ):
                out.append(answer)
        return sorted(out)

    def path(self, answer: str) -> list[tuple[str, Pattern]]:
        """The guesses played for ``answer`` with their feedback."""
        word = answer.strip().lower()
        if word not in self.paths:
            raise UnknownWordError(f"{answer!r} has no line in {self.name}", answer)
        return [(g, score(g, word)) for g in self.paths[word]]

    # -- verification ------------------------------------------------------------------------------

    def check_shape(self) -> None:
        """TreeError unless the lines form one tree (same history, same next guess); no lists needed."""
        seen: dict[History, tuple[str, str]] = {}
        for answer, line in self.paths.items():
            history: History = ()
            for g in line:
                if len(g) != len(answer):
                    raise TreeError(
                        f"{self._where(answer)}: {g!r} and {answer!r} differ in length", g
                    )
                prior = seen.setdefault(history, (g, answer))
                if prior[0] != g:
                    shown = " ".join(f"{w} {Pattern(c, len(w))}" for w, c in history) or "the start"
                    raise TreeError(
                        f"{self._where(answer)}: plays {g!r} after {shown}, but "
                        f"{self._where(prior[1])} plays {prior[0]!r} there: the lines do not "
                        "form a tree",
                        answer,
                    )
                history = history + ((g, score(g, answer).code),)

    def _where(self, answer: str) -> str:
        line = self._lines.get(answer)
        return f"{self.name}:{line}" if line is not None else f"{self.name} (line for {answer!r})"

    def verify(
        self,
        guesses: WordList,
        answers: WordList,
        *,
        hard: bool = False,
        max_guesses: int | None = None,
        after: Sequence[tuple[str, Pattern]] = (),
        ultrahard: bool = False,
    ) -> TreeReport:
        """Replay every line with the game engine; TreeError naming the file and line if any fails.

        Checks: every answer has exactly one line and every line ends on a possible answer; each
        guess is allowed (and legal in hard mode); the game is not won before the line ends;
        marked feedback is what the engine gives; lines with the same history play the same
        next guess (so the lines form one tree); and, if given, no line exceeds ``max_guesses``.
        A lost answer's line (``is_lost``) must use every guess up to ``max_guesses`` without
        solving it; the report counts it in ``lost`` and as ``max_guesses`` + 1 guesses.
        ``after``: for a tree from a position, the guesses played before every line (``answers``
        are then the position's): hard mode's rule from them binds each line, and they count
        toward ``max_guesses``.
        """
        if not after:
            self._check_made_for(answers)
        seen: dict[History, tuple[str, str]] = {}  # history -> (next guess, answer of first line)
        before = len(after)
        for answer, line in self.paths.items():
            where = self._where(answer)
            try:
                a = answers.normalize(answer)
            except InvalidWordError as exc:
                raise TreeError(f"{where}: {exc}", answer) from None
            if a not in answers:
                raise TreeError(
                    f"{where}: the line ends on {answer!r}, which is not a possible answer "
                    f"({answers.name})",
                    answer,
                )
            lost = self.is_lost(answer)
            if lost and (max_guesses is None or before + len(line) != max_guesses):
                played = f" after the {before} played" if before else ""
                limit = "no limit given" if max_guesses is None else f"the limit is {max_guesses}"
                raise TreeError(
                    f"{where}: {answer!r} is lost after {len(line)} guesses{played}, but {limit}: "
                    "a lost answer's line plays every guess allowed",
                    answer,
                )
            if max_guesses is not None and before + len(line) > max_guesses:
                played = f" after the {before} played" if before else ""
                raise TreeError(
                    f"{where}: {len(line)} guesses for {answer!r}{played}; at most {max_guesses} "
                    "allowed",
                    answer,
                )
            game = ClassicGame(
                a,
                words=guesses,
                max_guesses=before + len(line) + 1,
                hard=hard,
                ultrahard=ultrahard,
            )
            # The position's guesses, as the game's own: the game then holds each guess of the
            # line to the rule they set (a tree searched from a position once began with a guess
            # that rule refuses).
            game.history.extend(after)
            marks = self._feedback.get(answer)
            history: History = ()
            for step, g in enumerate(line):
                prior = seen.get(history)
                if prior is not None and prior[0] != g:
                    other = self._where(prior[1])
                    shown = " ".join(f"{w} {Pattern(c, len(w))}" for w, c in history) or "the start"
                    raise TreeError(
                        f"{where}: plays {g!r} after {shown}, but {other} plays {prior[0]!r} there: "
                        "the lines do not form a tree",
                        answer,
                    )
                if prior is None:
                    seen[history] = (g, answer)
                try:
                    pattern = game.guess(g)
                except UnknownWordError:
                    raise TreeError(
                        f"{where}: {g!r} is not an allowed guess ({guesses.name})", g
                    ) from None
                except InvalidWordError as exc:
                    raise TreeError(f"{where}: {exc}", g) from None
                except HardModeError as exc:
                    raise TreeError(f"{where}: guess {before + step + 1} {exc}", g) from None
                except GameOverError:
                    raise TreeError(f"{where}: the game is already won before {g!r}", g) from None
                if marks is not None and marks[step] is not None:
                    try:
                        said = Pattern.parse(marks[step] or "", len(g))
                    except InvalidPatternError as exc:
                        raise TreeError(f"{where}: {exc}", marks[step]) from None
                    if said != pattern:
                        raise TreeError(
                            f"{where}: {g!r} gets {str(pattern)!r} against {answer!r}, "
                            f"but the line says {str(said)!r}",
                            g,
                        )
                if pattern.is_win and step < len(line) - 1:
                    raise TreeError(
                        f"{where}: guess {before + step + 1} {g!r} already solves {answer!r}; "
                        "the line must end there",
                        g,
                    )
                history = history + ((g, pattern.code),)
            if not game.won and not lost:
                raise TreeError(f"{where}: the line does not end on its answer", answer)
        missing = [w for w in answers if w not in self.paths]
        if missing:
            shown = ", ".join(repr(w) for w in missing[:5])
            more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
            raise TreeError(
                f"{self.name}: {len(missing)} answers have no line: {shown}{more}", self.name
            )
        return TreeReport(
            len(self.paths),
            self.total,
            self.worst,
            self.distribution,
            self.opener,
            hard,
            self.lost,
        )

    def _check_made_for(self, answers: WordList) -> None:
        """TreeError naming the lists this tree is for, when its header says it was made for other
        answers and its lines are indeed not these answers' (rather than blaming one of its
        lines, as if the tree were broken)."""
        made_for = self.meta.get("answers")
        if not made_for or made_for == answers.fingerprint:
            return
        fold = answers.language.normalize if answers.language is not None else str.lower
        if {fold(a) for a in self.paths} == set(answers):
            return
        from ..game.list_sets import ANSWERS, N_ANSWERS

        named = next((name for name, fp in ANSWERS.items() if fp == made_for), None)
        if named is None:
            raise TreeError(
                f"{self.name} is a tree for other answers (its header's fingerprint "
                f"{made_for[:16]}…), not the {len(answers)} of {answers.name}",
                self.name,
            )
        raise TreeError(
            f"{self.name} is a tree for the {named} lists' {N_ANSWERS[named]} answers, not the "
            f"{len(answers)} of {answers.name}; verify it on its lists (--lists {named})",
            self.name,
        )


def _tree_dir():
    from importlib import resources

    return resources.files("wordlelab") / "data" / "trees"


# --------------------------------------------------------------------------- opener trees
#
# Trees proven optimal after one given opener (``wordlelab optimal --opener WORD``), shipped for
# common openers (our pick), in ``data/opener_trees/OPENER-LISTS-MODE.txt.gz``. Not optimal
# from the start (another opener does better), but every sub-tree after the opener is optimal
# for its position: the second guess of a game that opened with one of them is valued from its
# tree (``evaluation.tree_at``).


def _opener_tree_dir():
    from importlib import resources

    return resources.files("wordlelab") / "data" / "opener_trees"


def _read_gz(ref) -> str:
    import gzip

    return gzip.decompress(ref.read_bytes()).decode("utf-8")


def bundled_opener_trees() -> list[str]:
    """Names of the opener trees shipped with the package (``crane-nyt-normal``, ...)."""
    root = _opener_tree_dir()
    if not root.is_dir():
        return []
    return sorted(p.name[: -len(".txt.gz")] for p in root.iterdir() if p.name.endswith(".txt.gz"))


@cache
def bundled_opener_tree(name: str) -> DecisionTree:
    """A shipped opener tree by name, parsed once."""
    ref = _opener_tree_dir() / f"{name}.txt.gz"
    if not ref.is_file():
        raise TreeError(
            f"no bundled opener tree {name!r}; bundled: "
            f"{', '.join(bundled_opener_trees()) or 'none'}",
            name,
        )
    return DecisionTree.parse(_read_gz(ref), name=f"{name}.txt.gz (bundled)")


@lru_cache(maxsize=1)
def _opener_index() -> dict[tuple[str, str, str, str], str]:
    """(answers fingerprint, guesses fingerprint, mode, opener) -> name, from the files' headers
    only (parsing every tree to find one cost half a second on a game's first review)."""
    import gzip

    index: dict[tuple[str, str, str, str], str] = {}
    for name in bundled_opener_trees():
        head = []
        with gzip.open((_opener_tree_dir() / f"{name}.txt.gz").open("rb"), "rt") as fh:
            for line in fh:  # the header lines and the first line of the tree
                head.append(line)
                if not line.startswith("#"):
                    break
        meta = DecisionTree.parse("".join(head), name=name).meta
        key = (meta.get("answers", ""), meta.get("guesses", ""), meta.get("mode", ""))
        index[(*key, meta.get("opener", ""))] = name
    return index


def find_opener_tree(
    guesses_fingerprint: str,
    answers_fingerprint: str,
    hard: bool,
    max_guesses: int,
    opener: str,
    kept: dict[Path, tuple[int, int, DecisionTree]] | None = None,
    losses: bool = False,
) -> DecisionTree | None:
    """The tree proven optimal after ``opener`` for these lists, mode and guess limit: a shipped
    one, else one the player kept (``keep_opener_tree``; check it with ``verify`` before use).

    A tree proven under a limit L is optimal after its opener for any limit from its depth to L.
    ``losses`` (hard mode's objective): a tree of fewest losses (one that loses answers) counts
    too, for exactly the limit it was proven under; a tree that loses none is optimal under both
    objectives.
    ``kept``: the caller's kept trees as parsed, by file (``ExactContext.kept_trees``), so a
    file is read again only when it changed; without it the file is read each time."""
    mode = "hard" if hard else "normal"
    name = _opener_index().get((answers_fingerprint, guesses_fingerprint, mode, opener))
    if name is not None:
        tree: DecisionTree | None = bundled_opener_tree(name)
    else:
        tree = _kept_opener_tree(
            guesses_fingerprint, answers_fingerprint, mode, opener, {} if kept is None else kept
        )
    if tree is None:
        return None
    meta = tree.meta
    limit = int(meta.get("max-guesses", "6"))
    fits = (
        max_guesses == limit and hard and "lost" in meta
        if losses and tree.lost
        else tree.worst <= max_guesses <= limit
    )
    if (
        meta.get("proven") != f"optimal after {opener}"
        or meta.get("answers") != answers_fingerprint
        or meta.get("guesses") != guesses_fingerprint
        or meta.get("mode") != mode
        or not fits
    ):
        return None
    return tree


@lru_cache(maxsize=32)
def shipped_losses(
    guesses_fingerprint: str, answers_fingerprint: str, opener: str
) -> tuple[int, int] | None:
    """(answers lost, guesses with a loss counted as limit + 1) of the shipped hard-mode tree of
    fewest losses after ``opener`` (six guesses; its header's figures, which its replay checks);
    None where none ships."""
    name = _opener_index().get((answers_fingerprint, guesses_fingerprint, "hard", opener))
    if name is None:
        return None
    meta = bundled_opener_tree(name).meta
    if "lost" not in meta or meta.get("proven") != f"optimal after {opener}":
        return None
    return int(meta["lost"]), int(meta["total"])


# Trees the player asked to keep (``wordlelab optimal --opener WORD --keep``), in the data folder:
# one file per opener, lists (by fingerprint) and mode.


def kept_opener_tree_dir() -> Path:
    from ..paths import data_dir

    return data_dir() / "opener_trees"


def kept_opener_tree_path(
    guesses_fingerprint: str, answers_fingerprint: str, mode: str, opener: str
) -> Path:
    return kept_opener_tree_dir() / (
        f"{opener}-{mode}-{answers_fingerprint[:16]}-{guesses_fingerprint[:16]}.txt"
    )


def keep_opener_tree(tree: DecisionTree) -> Path:
    """Keep a tree proven optimal after its opener (its ``proven`` line says so) for the review and
    the coach to use after that opener; returns the file written (atomically)."""
    meta = tree.meta
    opener = meta.get("opener", "")
    if meta.get("proven") != f"optimal after {opener}" or not opener:
        raise TreeError(
            f"{tree.name}: only a tree proven optimal after its opener is kept "
            f"(its proven line: {meta.get('proven')!r})",
            tree.name,
        )
    path = kept_opener_tree_path(
        meta.get("guesses", ""), meta.get("answers", ""), meta.get("mode", ""), opener
    )
    write_atomic(path, tree.to_text().encode("utf-8"))
    return path


def _kept_opener_tree(
    guesses_fingerprint: str,
    answers_fingerprint: str,
    mode: str,
    opener: str,
    kept: dict[Path, tuple[int, int, DecisionTree]],
) -> DecisionTree | None:
    """The kept tree's file parsed, from ``kept`` while the file is unchanged (its time and size)."""
    path = kept_opener_tree_path(guesses_fingerprint, answers_fingerprint, mode, opener)
    try:
        st = path.stat()
    except OSError:
        return None
    got = kept.get(path)
    if got is not None and got[:2] == (st.st_mtime_ns, st.st_size):
        return got[2]
    try:
        tree = DecisionTree.from_file(path)
    except WordlelabError:
        return None  # not a tree (a damaged file): as if none were kept
    kept[path] = (st.st_mtime_ns, st.st_size, tree)
    return tree


def bundled_trees() -> list[str]:
    """Names of the trees shipped with the package (files in ``data/trees``)."""
    root = _tree_dir()
    if not root.is_dir():
        return []
    return sorted(p.name[:-4] for p in root.iterdir() if p.name.endswith(".txt"))


def bundled_tree(name: str) -> DecisionTree:
    """A shipped tree by name, e.g. ``salet-normal`` or ``salet-hard``."""
    ref = _tree_dir() / f"{name}.txt"
    if not ref.is_file():
        raise TreeError(
            f"no bundled tree {name!r}; bundled: {', '.join(bundled_trees()) or 'none'}", name
        )
    return DecisionTree.parse(ref.read_text(encoding="utf-8"), name=f"{name}.txt (bundled)")


def find_bundled_tree(
    guesses: WordList, answers: WordList, hard: bool, max_guesses: int = 6
) -> DecisionTree | None:
    """The shipped optimal tree for these lists and mode, if there is one."""
    mode = "hard" if hard else "normal"
    for name in bundled_trees():
        tree = bundled_tree(name)
        m = tree.meta
        if (
            m.get("answers") == answers.fingerprint
            and m.get("guesses") == guesses.fingerprint
            and m.get("mode") == mode
            and int(m.get("max-guesses", "6")) <= max_guesses
            and tree.worst <= max_guesses
        ):
            return tree
    return None


def load_tree(spec: str | None, guesses: WordList, answers: WordList, hard: bool) -> DecisionTree:
    """A tree file, a shipped tree's name, or (``spec`` None) the shipped tree for these lists and mode."""
    if spec is None:
        tree = find_bundled_tree(guesses, answers, hard)
        if tree is None:
            mode = "hard" if hard else "normal"
            raise TreeError(
                f"no shipped tree for these lists ({answers.name}, {len(answers)} answers) in "
                f"{mode} mode; give a tree FILE or one of: {', '.join(bundled_trees())}",
                None,
            )
        return tree
    if not exists(spec) and spec in bundled_trees():
        return bundled_tree(spec)
    if not exists(spec) and spec in bundled_opener_trees():
        return bundled_opener_tree(spec)
    return DecisionTree.from_file(spec)
