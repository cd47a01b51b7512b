"""What every stage needs to keep work between builds safely: the digest of the code that made an entry
(``code``), folders of entries checked before use (``store``), and the rules of where outputs and caches go
(``paths``). A leaf: it imports no stage, so every stage may import it; ``build/`` drives the stages."""
