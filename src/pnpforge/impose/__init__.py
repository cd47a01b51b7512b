"""The impose stage: rendered faces on sheets for home printing.

Modules, one concept each: ``presets`` (sheet presets and the print plan, YAML with ``extends``), ``geometry``
(grids, bleed, crop marks, punchboards, duplex mirroring), ``draw`` (sheets to PDF, faces as form XObjects),
``calibration`` (the duplex calibration page) and ``stage`` (a pack's faces to ``build/<pack>/print/``).
"""
