"""The exact engine: the search and its bounds, evaluation, decision trees, opener tables,
budgets of work and rankings, with its numba kernels under ``exact.kernels``.

Importing this package loads nothing heavy; each module loads numpy and numba only when used.
"""
