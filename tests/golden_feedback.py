"""Hand-checked feedback cases, shared by the feedback and kernel tests."""

# (guess, answer, feedback): hand-checked against the NYT rule.
GOLDEN = [
    ("radar", "arise", "yy..."),
    ("hatch", "beach", ".y.gg"),
    ("salet", "salet", "ggggg"),
    ("speed", "abide", "..y.y"),
    ("speed", "erase", "y.yy."),
    ("speed", "steal", "g.g.."),
    ("speed", "crepe", ".ygy."),
    ("eerie", "elder", "gyy.."),
    ("abbey", "kebab", "yygy."),
    ("abbey", "babes", "yygg."),
    ("keeps", "eerie", ".gy.."),
    ("geese", "eerie", ".gy.g"),
    ("allee", "eagle", "yy.yg"),
    ("llama", "hello", "yy..."),
    ("hello", "llama", "..yy."),
    ("level", "eerie", ".g.y."),
    ("mamma", "maxim", "ggy.."),
    ("array", "rarer", "yyg.."),
    ("sissy", "issue", "yyg.."),
    ("tatty", "treat", "gyy.."),
    ("aaaaa", "abbey", "g...."),
    ("crane", "nacre", "yyyyg"),
    ("ooooo", "boost", ".gg.."),
    ("робот", "потоп", ".g.gy"),
    ("молоко", "колобок", None),  # different lengths: an error
]
