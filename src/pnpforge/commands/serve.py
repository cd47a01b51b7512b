"""``pnpforge serve``: the web rulebook on localhost, rebuilt and reloaded as files change."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnpforge.files import BUILD_DIR


@click.command()
@click.argument("game")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to serve on (0: any free port; the address is printed).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to serve on.")
@click.option("--lang", help="Language of the site (default: the pack's first language).")
@click.option("--jobs", type=click.IntRange(1, 64), help="Worker processes (default: one per core).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=BUILD_DIR,
              show_default=True, help="The site goes to <out>/<game>/web/.")
def serve(game: str, port: int, host: str, lang: str | None, jobs: int | None, out_dir: Path) -> None:
    """Preview GAME's web rulebook on localhost with live reload.

    Builds build/<game>/web/ (the same static site `pnpforge build` writes), serves it, and rebuilds what
    changed whenever a YAML, Markdown, layout or stylesheet file of the pack or of layouts/ changes; open pages
    reload by themselves. Ctrl+C stops.
    """
    from pnpforge.build.pipeline import BuildOptions, load_and_check, start_build
    from pnpforge.publish.web.serve import serve_pack

    def load(argument: str):
        """The pack through the build chain: with the caches of the last build, and the build's paths."""
        build = load_and_check(start_build(argument, out_dir, BuildOptions(lang=lang, jobs=jobs)))
        assert build.checked is not None
        return build.checked, build.paths

    sys.exit(serve_pack(game, out_dir, host, port, lang, jobs=jobs, echo=lambda line: click.echo(line), loader=load))
