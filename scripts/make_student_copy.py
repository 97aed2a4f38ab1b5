"""Student copies of the exercise notebooks, made by nbgrader (a wrapper of
``rummy-lab assignment``, which see).

Usage::

    python scripts/make_student_copy.py            # course directory student/
    python scripts/make_student_copy.py handout/   # another folder
    python scripts/make_student_copy.py out/ tutorials/02_gin_rummy.ipynb   # chosen sources

Sources are notebooks or folders; a folder gives its notebooks with graded nbgrader cells
(a notebook without exercises has nothing to hide and is left out). The output folder
becomes an nbgrader course directory: the student copies are in ``OUT/release/<name>/``,
one assignment per notebook, named after its file. Needs nbgrader (the ``teach`` extra).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rummy_lab.classroom import (  # noqa: E402 (the checkout's package first)
    NbgraderError,
    NbgraderMissing,
    exercise_notebooks,
    make_assignments,
)

DEFAULT_SOURCES = ("tutorials", "notebooks")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the script; returns the exit code (2 for bad input, 1 when nbgrader fails)."""
    parser = argparse.ArgumentParser(
        description="Student copies of the exercise notebooks (nbgrader generate_assignment)."
    )
    parser.add_argument("out", nargs="?", default="student",
                        help="the course directory (default: student/)")
    parser.add_argument("sources", nargs="*", type=Path,
                        help="notebooks or folders (default: tutorials/ and notebooks/)")
    args = parser.parse_args(argv)
    sources = args.sources or [ROOT / s for s in DEFAULT_SOURCES if (ROOT / s).is_dir()]
    try:
        notebooks = exercise_notebooks(sources)
        if not notebooks:
            raise ValueError("no exercise notebook among " + ", ".join(map(str, sources)))
        made = make_assignments(notebooks, Path(args.out))
    except ValueError as err:
        print(f"make_student_copy: {err}", file=sys.stderr)
        return 2
    except (NbgraderMissing, NbgraderError) as err:
        print(f"make_student_copy: {err}", file=sys.stderr)
        return 1
    for assignment in made:
        for path in assignment.releases:
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
