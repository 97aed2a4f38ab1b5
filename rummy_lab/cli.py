"""The ``rummy-lab`` command line: open the tutorials, analyse a hand.

Why: a learner or a teacher can check a hand in a terminal without writing Python,
and one command opens every tutorial in JupyterLab.

Subcommands live in a registry (:data:`COMMANDS`); a module adds one with
:func:`register_command` and :func:`main` builds the parser from it, so new
subcommands need no change here beyond their own registration.

>>> main(["analyze", "7S 7H 7D 4C 5C 6C 7C KD QH 2S"])  # doctest: +ELLIPSIS
Hand: 7S 7H 7D 4C 5C 6C 7C KD QH 2S (10 cards, rules: gin)
...
  deadwood points: 22
...
0
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import os
import shlex
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from .engine.cards import RANK_SYMBOLS, CardsLike, clean_cards
from .engine.errors import RummyError, quote
from .engine.rules import Rules, RulesLike, get_rules

__all__ = ["COMMANDS", "Command", "build_parser", "main", "register_command", "tutorials_dir"]


@dataclass(frozen=True)
class Command:
    """One ``rummy-lab`` subcommand.

    :ivar name: what the user types (``analyze``).
    :ivar help: one line for ``rummy-lab --help``.
    :ivar configure: adds the subcommand's arguments to its parser.
    :ivar run: does the work; returns the exit code.
    :ivar description: the longer text of ``rummy-lab NAME --help``.
    :ivar pass_unknown: unknown options are collected in ``args.extra_args`` instead of
        being a usage error (``lab`` hands them to JupyterLab).
    """

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    description: str | None = None
    pass_unknown: bool = False


COMMANDS: dict[str, Command] = {}
"""Registered subcommands, in the order they appear in ``--help``."""


def register_command(
    name: str,
    *,
    help: str,
    configure: Callable[[argparse.ArgumentParser], None],
    run: Callable[[argparse.Namespace], int],
    description: str | None = None,
    pass_unknown: bool = False,
) -> Command:
    """Add a subcommand to ``rummy-lab`` (a later registration of a name replaces it).

    >>> cmd = register_command("hello", help="say hello", configure=lambda p: None,
    ...                        run=lambda args: print("hello") or 0)
    >>> main(["hello"])
    hello
    0
    >>> del COMMANDS["hello"]

    :param name: the subcommand's name. :param help: its one-line help.
    :param configure: called with the subcommand's parser to add arguments.
    :param run: called with the parsed arguments; returns the exit code.
    :param description: longer help text. :param pass_unknown: see :class:`Command`.
    :return: the registered :class:`Command`.
    """
    command = Command(name=name, help=help, configure=configure, run=run,
                      description=description, pass_unknown=pass_unknown)
    COMMANDS[name] = command
    return command


class _UsageError(Exception):
    """A problem with the user's input: message to stderr, exit code 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr (exit code 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


MAX_WORKERS = 256
"""The most processes ``rummy-lab simulate --workers`` starts."""

MAX_LIMIT = 10_000
"""The most partitions ``rummy-lab analyze --limit`` prints."""


def _whole_number(text: str) -> int:
    """An option's whole number (argparse ``type``); the error quotes at most 80
    characters of what was typed."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"invalid int value: {quote(text)}") from None


def _in_range(option: str, value: int, lo: int, hi: int, span: str = "") -> int:
    """``value`` when ``lo <= value <= hi``, else a usage error naming the limits (or
    ``span``, the limits in words)."""
    if not lo <= value <= hi:
        raise _UsageError(
            f"{option} must be {span or f'from {lo:,} to {hi:,}'}, got {quote(value)}")
    return value


def _version() -> str:
    from . import __version__

    return __version__


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every registered subcommand.

    >>> sorted(build_parser().parse_args(["lab", "--no-browser"]).__dict__)[:3]
    ['command', 'dry_run', 'jupyter_args']
    """
    parser = _Parser(
        prog="rummy-lab",
        description="Learn and analyse rummy card games (Gin, Oklahoma, Hollywood, "
        "Rummy 500, Basic and Indian Rummy).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in COMMANDS.values():
        p = sub.add_parser(
            command.name, help=command.help, description=command.description or command.help
        )
        command.configure(p)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``rummy-lab`` with the given arguments (``sys.argv[1:]`` by default).

    Input errors (bad cards, unknown rules, bad options) print one line to stderr and
    return 2, never a traceback; an unexpected error (a bug) prints one line and returns
    1 (set ``RUMMY_LAB_DEBUG=1`` to see the traceback).

    >>> main(["analyze", "7S 7X"])
    2

    :param argv: the arguments after the program name.
    :return: the process exit code.
    """
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
        command = COMMANDS[args.command]
        if extra and not command.pass_unknown:
            parser.error(f"unrecognized arguments: {quote(' '.join(extra))}")
    except SystemExit as exc:  # --help, --version and argparse's own usage errors
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    args.extra_args = extra
    try:
        return command.run(args)
    except (_UsageError, RummyError, ValueError) as exc:
        print(f"rummy-lab {command.name}: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    except Exception as exc:
        if os.environ.get("RUMMY_LAB_DEBUG"):
            raise
        print(f"rummy-lab {command.name}: internal error: {type(exc).__name__}: "
              f"{_one_line(exc)} (please report it; RUMMY_LAB_DEBUG=1 shows the traceback)",
              file=sys.stderr)
        return 1


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


# --------------------------------------------------------------------------- lab


def tutorials_dir() -> Path:
    """The folder ``rummy-lab lab`` opens: the repository's ``tutorials/`` if there is one
    next to the package, else the current directory.

    >>> tutorials_dir().is_dir()
    True
    """
    candidate = Path(__file__).resolve().parent.parent / "tutorials"
    return candidate if candidate.is_dir() else Path.cwd()


START_NOTEBOOK = "00_start_here.ipynb"


def lab_root() -> tuple[Path, str | None]:
    """Where ``rummy-lab lab`` serves from and which notebook it opens first.

    In a checkout: the repository (so ``tutorials/`` and ``notebooks/`` are both in the
    file browser), opening ``tutorials/00_start_here.ipynb``. Elsewhere: the current
    directory.

    >>> root, first = lab_root()
    >>> root.is_dir()
    True
    """
    tut = tutorials_dir()
    if tut.name == "tutorials" and (tut / START_NOTEBOOK).is_file():
        return tut.parent, f"tutorials/{START_NOTEBOOK}"
    return tut, None


def _configure_lab(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-browser", action="store_true",
                   help="do not open a browser tab (passed to JupyterLab)")
    p.add_argument("--port", type=_whole_number, default=None,
                   help="port for the JupyterLab server")
    p.add_argument("--dry-run", action="store_true",
                   help="print the JupyterLab command instead of running it")
    p.add_argument("jupyter_args", nargs="*", metavar="JUPYTER_ARG",
                   help="further options for JupyterLab (e.g. --ServerApp.ip=0.0.0.0)")


def _is_root() -> bool:
    geteuid = getattr(os, "geteuid", None)
    return geteuid is not None and geteuid() == 0


def lab_command(args: argparse.Namespace) -> list[str]:
    """The command line that ``rummy-lab lab`` runs: this Python's ``-m jupyterlab``.

    >>> cmd = lab_command(build_parser().parse_args(["lab", "--no-browser", "--port", "8890"]))
    >>> cmd[1:3], "--no-browser" in cmd, "--ServerApp.port=8890" in cmd
    (['-m', 'jupyterlab'], True, True)
    """
    root, first = lab_root()
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={root}"]
    if first is not None:
        cmd.append(f"--LabApp.default_url=/lab/tree/{first}")
    if _is_root():  # containers and CI run as root; Jupyter refuses that without the flag
        cmd.append("--ServerApp.allow_root=True")
    if args.no_browser:
        cmd.append("--no-browser")
    if args.port is not None:
        _in_range("--port", args.port, 1, 65535, "from 1 to 65535")
        cmd.append(f"--ServerApp.port={args.port}")
    cmd.extend(args.jupyter_args)
    cmd.extend(getattr(args, "extra_args", []))
    return cmd


def _run_lab(args: argparse.Namespace) -> int:
    cmd = lab_command(args)
    if args.dry_run:
        print(shlex.join(cmd))
        return 0
    if importlib.util.find_spec("jupyterlab") is None:
        print("rummy-lab lab: error: JupyterLab is not installed in this Python "
              f"({sys.executable}); run 'make lab' from the repository, or "
              "'pip install jupyterlab'", file=sys.stderr)
        return 1
    root, first = lab_root()
    where = f"{root / first}" if first else f"{root}"
    print(f"Opening JupyterLab at {where} (Ctrl-C to stop)", file=sys.stderr)
    try:
        return subprocess.call(cmd)
    except KeyboardInterrupt:
        return 130


# --------------------------------------------------------------------------- analyze

_RANK_BY_TOKEN = {sym: i for i, sym in enumerate(RANK_SYMBOLS) if i}
_RANK_BY_TOKEN["T"] = 10
_RANK_BY_TOKEN.update({str(i): i for i in range(1, 14)})


def parse_rank(text: str) -> int:
    """A rank from ``A 2-10 T J Q K`` or a number 1..13 (for ``--wild``).

    >>> parse_rank("7"), parse_rank("q"), parse_rank("A"), parse_rank("13")
    (7, 12, 1, 13)
    """
    rank = _RANK_BY_TOKEN.get(text.strip().upper())
    if rank is None:
        raise _UsageError(f"--wild must be a rank (A 2-10 J Q K or 1-13), got {quote(text)}")
    return rank


def _parse_value(text: str) -> Any:
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null"):
        return None
    try:
        return int(low)
    except ValueError:
        return text.strip()


# fields whose values are words: "-o name=500" names the rules "500", not the number 500
_TEXT_FIELDS = frozenset(
    f.name for f in dataclasses.fields(Rules) if f.type in ("str", "Variant")
)


def _rules_from(args: argparse.Namespace) -> Rules:
    overrides: dict[str, Any] = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise _UsageError(f"--option expects FIELD=VALUE, got {quote(item)}")
        name = name.strip()
        overrides[name] = value.strip() if name in _TEXT_FIELDS else _parse_value(value)
    return get_rules(args.rules, **overrides)


def _configure_analyze(p: argparse.ArgumentParser) -> None:
    p.add_argument("cards", nargs="+", metavar="CARDS",
                   help='the hand, e.g. "7S 7H 7D 4C 5C 6C 7C KD QH 2S" (one or more arguments)')
    p.add_argument("--rules", "--variant", dest="rules", default="gin",
                   help="rules preset: basic gin oklahoma hollywood 500 500-pagat indian "
                   "indian-pool-101 indian-pool-201 indian-deals (default: gin); --variant "
                   "is the same option, named as in the app command")
    p.add_argument("--wild", "--wild-rank", dest="wild", default=None, metavar="RANK",
                   help="Indian Rummy's wild-joker rank (A 2-10 J Q K); --wild-rank is the "
                   "same option, named as in the Python API")
    p.add_argument("-o", "--option", action="append", default=[], metavar="FIELD=VALUE",
                   help="change one rules field, e.g. -o ace=high_or_low (repeatable)")
    p.add_argument("--limit", type=_whole_number, default=10,
                   help="print at most this many optimal partitions, 1 to 10,000 "
                   "(default: 10)")


def _partition_lines(partition: Any, rules: Rules, wild_rank: int | None) -> list[str]:
    lines = []
    for i, meld in enumerate(partition.melds, 1):
        lines.append(f"  meld {i}: {' '.join(c.code for c in meld.cards)} ({meld.kind})")
    dead = " ".join(c.code for c in partition.deadwood) if partition.deadwood else "none"
    lines.append(f"  deadwood: {dead}")
    lines.append(f"  deadwood points: {partition.deadwood_points}")
    lines.append("  why:")
    lines.extend(f"    {line}" for line in partition.explain(rules, wild_rank=wild_rank))
    return lines


def analyze(
    cards: CardsLike, rules: RulesLike = "gin", *, wild_rank: int | None = None, limit: int = 10
) -> str:
    """The text ``rummy-lab analyze`` prints for a hand (cards and rules as everywhere).

    Every optimal partition (up to ``limit``) with its melds, deadwood and the reason
    for each meld; for a hand one card over the variant's two-player hand size, also
    the best discard.

    >>> print(analyze("AS 2S 3S 9D", "gin"))
    Hand: AS 2S 3S 9D (4 cards, rules: gin)
    Optimal partition (deadwood 9):
      meld 1: AS 2S 3S (run)
      deadwood: 9D
      deadwood points: 9
      why:
        AS 2S 3S: run in spades
        deadwood: 9D(9) = 9
    """
    from .engine.solver import all_best_partitions, best_discard

    cards = clean_cards(cards)
    rules = get_rules(rules)
    _in_range("--limit", limit, 1, MAX_LIMIT)
    out = [f"Hand: {' '.join(c.code for c in cards)} ({len(cards)} cards, rules: {rules.name}"
           + (f", wild rank {RANK_SYMBOLS[wild_rank]}" if wild_rank is not None else "") + ")"]
    parts = all_best_partitions(cards, rules, wild_rank=wild_rank, limit=limit + 1)
    shown = parts[:limit]
    points = parts[0].deadwood_points
    if len(parts) == 1:
        out.append(f"Optimal partition (deadwood {points}):")
    else:
        more = f"more than {limit}" if len(parts) > limit else str(len(parts))
        out.append(f"{more} optimal partitions (deadwood {points} each):")
    for i, p in enumerate(shown, 1):
        if len(parts) > 1:
            out.append(f" partition {i}:")
        out.extend(_partition_lines(p, rules, wild_rank))
    if len(cards) == rules.hand_size_for(2) + 1:
        card, rest = best_discard(cards, rules, wild_rank=wild_rank)
        out.append(f"Best discard: {card.code} (leaves deadwood {rest.deadwood_points})")
        out.extend(_partition_lines(rest, rules, wild_rank))
    return "\n".join(out)


def _run_analyze(args: argparse.Namespace) -> int:
    rules = _rules_from(args)
    wild_rank = None if args.wild is None else parse_rank(args.wild)
    if wild_rank is not None and not rules.wild_joker:
        raise _UsageError(
            f"--wild is Indian Rummy's wild-joker rank; the {rules.name} rules turn no wild "
            "card (wild_joker=False)"
        )
    cards = clean_cards(" ".join(args.cards))
    if not cards:
        raise _UsageError("no cards given")
    print(analyze(cards, rules, wild_rank=wild_rank, limit=args.limit))
    return 0


register_command(
    "lab",
    help="open the tutorials in JupyterLab",
    description="Start JupyterLab (this Python's 'python -m jupyterlab') in the repository's "
    "tutorials/ folder, or in the current directory when there is none.",
    configure=_configure_lab,
    run=_run_lab,
    pass_unknown=True,
)
register_command(
    "analyze",
    help="optimal melds, deadwood and best discard of a hand",
    description="Print every optimal partition of a hand into melds and deadwood, with the "
    "reason for each meld; for a hand one card over the deal size, the best discard too.",
    configure=_configure_analyze,
    run=_run_analyze,
)



def _configure_simulate(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", help="rules preset: gin, oklahoma, hollywood, basic, 500, indian ...")
    p.add_argument("--games", type=_whole_number, default=1000,
                   help="hands to play, at most 10,000,000 (default 1000)")
    p.add_argument("--players", type=_whole_number, default=2,
                   help="seats at the table (default 2)")
    p.add_argument(
        "--bots",
        default=None,
        help="comma-separated bot per seat: random, greedy, expert or (Gin) eaai-simple "
        "(default: greedy where available)",
    )
    p.add_argument("--seed", type=_whole_number, default=0, help="seed of the run (default 0)")
    p.add_argument(
        "--workers",
        type=_whole_number,
        default=None,
        help="processes, at most 256 (default: one per core; 1 runs in this process)",
    )
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def _run_simulate(args: argparse.Namespace) -> int:
    import concurrent.futures as cf

    from .simulation import MAX_GAMES, MAX_SEED, simulate

    _in_range("--games", args.games, 0, MAX_GAMES)
    _in_range("--seed", args.seed, -MAX_SEED, MAX_SEED,
              "a whole number of at most 256 bits")
    bots = None if args.bots is None else [b.strip() for b in args.bots.split(",")]
    executor: cf.Executor | str | None = None
    pool: cf.ProcessPoolExecutor | None = None
    if args.workers is not None:
        _in_range("--workers", args.workers, 1, MAX_WORKERS)
        if args.workers == 1:
            executor = "inline"
        else:
            pool = cf.ProcessPoolExecutor(max_workers=args.workers)
            executor = pool
    try:
        report = simulate(args.variant, args.games, players=args.players, bots=bots,
                          seed=args.seed, executor=executor, progress=not args.no_progress)
    finally:
        if pool is not None:
            pool.shutdown()
    print(report.summary())
    return 0


register_command(
    "simulate",
    help="play many hands with bots and print outcome rates with standard errors",
    description="Simulate hands of a variant with random, greedy, expert or (Gin) "
    "eaai-simple bots (seeded, "
    "reproducible whatever the number of workers) and print a summary table.",
    configure=_configure_simulate,
    run=_run_simulate,
)


# --------------------------------------------------------------------------- app


def _configure_app(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default="gin",
                   help="the game to open: gin oklahoma hollywood basic 500 500-pagat indian "
                   "indian-pool-101 indian-pool-201 indian-deals (default: gin)")
    p.add_argument("--port", type=_whole_number, default=None,
                   help="port on 127.0.0.1 (default: 8866)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser tab")
    p.add_argument("--theme", default="light", help="light or dark (default: light)")
    p.add_argument("--dry-run", action="store_true",
                   help="print the Voila command instead of running it")


def _run_app(args: argparse.Namespace) -> int:
    from .app.serve import DEFAULT_PORT, AppError, app_command, run_app

    port = DEFAULT_PORT if args.port is None else args.port
    _in_range("--port", port, 1, 65535, "from 1 to 65535")
    try:
        if args.dry_run:
            print(shlex.join(app_command(args.variant, port=port,
                                         open_browser=not args.no_browser, theme=args.theme)))
            return 0
        return run_app(args.variant, port=port, open_browser=not args.no_browser,
                       theme=args.theme)
    except AppError as exc:
        raise _UsageError(str(exc)) from None


register_command(
    "app",
    help="play and learn in the browser: the learner app, no code (served with Voila)",
    description="Serve the learner app: choose a game and rule school, play against the "
    "bots with hints and a review, and read the rules card. Ctrl-C stops the server.",
    configure=_configure_app,
    run=_run_app,
)


# --------------------------------------------------------------------------- assignment


def _configure_assignment(p: argparse.ArgumentParser) -> None:
    p.add_argument("notebooks", nargs="+", metavar="NOTEBOOK",
                   help="an exercise notebook in nbgrader's format (one or more)")
    p.add_argument("outdir", metavar="OUTDIR",
                   help="the course directory: new, empty, or one this command made "
                   "before (it takes more assignments); any other folder is refused")
    p.add_argument("--name", default=None,
                   help="one assignment holding every notebook (default: one assignment "
                   "per notebook, named after its file)")


def _run_assignment(args: argparse.Namespace) -> int:
    from .classroom import NbgraderError, NbgraderMissing, make_assignments

    notebooks, outdir = args.notebooks, args.outdir
    if Path(outdir).suffix == ".ipynb":
        raise _UsageError(f"the last argument is the OUTDIR folder, got the notebook "
                          f"{quote(outdir)}")
    try:
        made = make_assignments(notebooks, outdir, name=args.name)
    except NbgraderMissing as exc:
        print(f"rummy-lab assignment: error: {_one_line(exc)}", file=sys.stderr)
        return 1
    except NbgraderError as exc:
        print(f"rummy-lab assignment: nbgrader failed: {_one_line(exc)}", file=sys.stderr)
        return 1
    for a in made:
        print(a.summary())
    course = made[0].course
    print(f"Course directory: {course} (gradebook: {course / 'gradebook.db'}); hand out "
          f"the {sum(len(a.releases) for a in made)} notebook(s) under {course / 'release'}")
    return 0


register_command(
    "assignment",
    help="student copies of exercise notebooks with nbgrader (needs the [teach] extra)",
    description="Copy exercise notebooks into an nbgrader course directory (source/, a "
    "nbgrader_config.py, the sqlite gradebook) and run 'nbgrader generate_assignment': the "
    "student copies, without the answers and the hidden tests, are left in OUTDIR/release/. "
    "Offline. An OUTDIR that is neither new, empty, nor a course directory made by this "
    "command is refused.",
    configure=_configure_assignment,
    run=_run_assignment,
)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
