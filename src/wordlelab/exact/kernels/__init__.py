"""The exact engine's numba kernels: the search, its bounds, the greedy tree, a guess's total."""
