"""The assistant: suggestions for a game played elsewhere (``wordlelab.assist.base``) and the
Wordle assistant underneath it (``wordlelab.assist.assistant``)."""
