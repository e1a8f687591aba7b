"""The README's Python example runs as written and prints what its comments
say."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[3] / "README.md"


def test_the_readme_python_example_runs_as_written() -> None:
    text = README.read_text()
    section = text[text.index("## From Python"):]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(code.group(1), {})
    said = [line.split("# ", 1)[1] for line in code.group(1).splitlines() if "print(" in line]
    assert printed.getvalue().splitlines() == said
