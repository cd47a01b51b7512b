"""Test helpers: run the CLI in-process and capture what a user would see."""

from __future__ import annotations

from dataclasses import dataclass

from click.testing import CliRunner

from pnpforge.cli import cli


@dataclass
class Run:
    code: int
    output: str

    @property
    def lines(self) -> list[str]:
        return self.output.splitlines()


def run_cli(*args: str) -> Run:
    """Run ``pnpforge ARGS`` and return its exit code and output (stdout and stderr together)."""
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return Run(result.exit_code, result.output)
