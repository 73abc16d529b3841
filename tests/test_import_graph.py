"""The package's import graph, read from the source with ast (imports inside functions too):
no cycle, and no module of the library importing a front-end (cli/, web/)."""

from __future__ import annotations

import ast
from pathlib import Path

import wordlelab

ROOT = Path(wordlelab.__file__).parent
FRONT_ENDS = ("wordlelab.cli", "wordlelab.web", "wordlelab.__main__")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The package's modules ``path`` imports anywhere in it (TYPE_CHECKING blocks included)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            # "from . import x" may import the submodule x; "from .m import y" imports m.
            targets = [f"{stem}.{a.name}" for a in node.names] + [stem]
        else:
            continue
        for t in targets:
            while t and t not in modules:
                t = t.rpartition(".")[0]
            if t and t != name and t.startswith("wordlelab"):
                found.add(t)
    return found


def graph() -> dict[str, set[str]]:
    files = sorted(ROOT.rglob("*.py"))
    modules = {module_name(f) for f in files}
    edges = {module_name(f): imports_of(f, modules) for f in files}
    # A package's __init__ re-exporting its submodules is not an import of the parent by them.
    for mod, deps in edges.items():
        deps.discard("wordlelab")
        deps -= {p for p in deps if mod.startswith(p + ".")}
    return edges


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_reader_sees_imports_inside_functions():
    edges = graph()
    # cli/main.py imports every command's module inside functions only, by name; the static
    # edges it does have must be found, e.g. the errors module imported inside a function.
    assert "wordlelab.errors" in edges["wordlelab.cli.main"]
    assert "wordlelab.game.rules" in edges["wordlelab.game.base"]


def test_no_import_cycle():
    cycle = find_cycle(graph())
    assert cycle is None, " -> ".join(cycle or [])


def test_the_library_does_not_import_the_front_ends():
    bad = {
        (m, d)
        for m, deps in graph().items()
        if not m.startswith(FRONT_ENDS)
        for d in deps
        if d.startswith(FRONT_ENDS)
    }
    assert not bad, sorted(bad)


def test_the_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_game_model_sits_in_its_layer():
    edges = graph()
    # The settings are at the bottom: they import only the errors; the rules' registry only the
    # errors and the settings (the limits a game takes are declared there once).
    assert edges["wordlelab.game.rules"] <= {"wordlelab.errors", "wordlelab.config"}
    assert edges["wordlelab.config"] <= {"wordlelab.errors"}
    # The variants sit above the game and the assistant they implement; nothing below them
    # imports them (the registry loads them by name).
    variants = {m for m in edges if m.startswith("wordlelab.variants")}
    users = {m for m, deps in edges.items() if deps & variants} - variants
    assert all(m.startswith(FRONT_ENDS) or m == "wordlelab" for m in users), sorted(users)


VARIANT_CLASSES = (
    "Classic",
    "Multi",
    "Absurdle",
    "ClassicGame",
    "MultiGame",
    "AbsurdleGame",
    "Assistant",
    "MultiSession",
    "AbsurdleSession",
)


def test_no_one_asks_which_variant_it_holds():
    """Polymorphism over dispatch (issue 50): outside the variants' own modules, no isinstance
    on a variant's rules, game or assistant class."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if module_name(path).startswith("wordlelab.variants"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "isinstance"
                and len(node.args) == 2
            ):
                kinds = node.args[1]
                names = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
                if any(isinstance(n, ast.Name) and n.id in VARIANT_CLASSES for n in names):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, found


# The packages by layer, bottom first (issue 50's layout). A package imports only its own layer and
# those below; the front-ends (cli/, web/) and warmup sit on top. assist/, strategies/ and exact/
# share one layer: the assistant asks the exact search, the search ranks openers with strategies.
LAYERS = (
    {"errors", "config", "limits", "paths", "progress", "owned_db"},
    {"kernels", "game"},
    {"strategies", "assist", "exact"},
    {"variants", "judge"},
    {"warmup", "cli", "web", "__main__"},
)


def _package(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_no_import_runs_back_up_the_layers():
    level = {p: i for i, layer in enumerate(LAYERS) for p in layer}
    edges = graph()
    missing = {_package(m) for m in edges} - set(level) - {""}
    assert not missing, f"put these packages in a layer: {sorted(missing)}"
    up = sorted(
        (m, d)
        for m, deps in edges.items()
        if _package(m)
        for d in deps
        if level[_package(d)] > level[_package(m)]
    )
    assert not up, up
