"""Player files: the files a pack's players write (a force list), checked with ``validate --list FILE`` and printed
with ``build --list FILE`` by the game package that reads them."""
