"""``python -m rummy_lab`` runs the ``rummy-lab`` command line."""

from __future__ import annotations

from .cli import main

raise SystemExit(main())
