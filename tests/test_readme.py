"""The README's examples are doctests: they must keep matching what the package does."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run():
    text = README.read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", text, flags=re.S) if ">>>" in b]
    assert len(blocks) >= 3
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    globs: dict[str, object] = {}
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, globs, f"README block {i}", str(README), 0)
        runner.run(test, clear_globs=False)
        globs.update(test.globs)  # later blocks continue the earlier ones
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} README example(s) failed"


def test_readme_names_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert "make lab" in text and "make test" in text
    for image in re.findall(r"\((docs/images/[^)]+\.png)\)", text):
        assert (README.parent / image).is_file(), image
