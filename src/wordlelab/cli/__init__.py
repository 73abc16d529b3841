"""The wordlelab command line: thin click commands over the library."""
