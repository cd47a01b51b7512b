"""The publish stage: files for others to print or read (print-shop files; later the rulebooks)."""
