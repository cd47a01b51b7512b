"""``pnpforge diff``: what changed in a pack between a printed version and the working tree.

The old version comes from a git revision or another folder (``revision``); the two are compared item by item
(``items``), face by face in pixels (``faces``), the changed faces are put on reprint sheets (``reprint``), and the
result is shown in the terminal, written as JSON and as a Markdown list for the pack's changelog (``report``).
"""
