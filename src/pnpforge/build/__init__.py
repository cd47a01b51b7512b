"""One build of a pack: what each stage made, where outputs and caches go, and the code every cache is keyed by."""
