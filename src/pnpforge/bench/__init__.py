"""``make bench``: time the user-facing code paths and write ``build/bench.json``.

Figures are measured through the same functions and commands users run; nothing here is asserted in tests. The
sections: ``static`` and ``simulation`` (in process, ``checks``), ``build`` and ``publish`` (``pnpforge build`` in
fresh processes, ``build``), ``peers`` (the bench deck by pnpforge and by protograf, ``peers``) and ``stress`` (a
pack of many generated cards, ``stress``); ``measure`` says how a command is timed.
"""
