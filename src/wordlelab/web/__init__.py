"""The local web app: routes that parse, call the library and format (issue 14)."""
