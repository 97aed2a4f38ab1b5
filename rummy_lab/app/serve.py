"""``rummy-lab app``: serve the learner app with Voila on this machine.

Voila (a maintained Jupyter project) runs :data:`~rummy_lab.app.NOTEBOOK` in a kernel of
this Python and shows only its widgets, never its code. This module builds the Voila
command line, checks the request first (a known variant, a free port), and stops the
server cleanly on Ctrl-C.

>>> cmd = app_command("oklahoma", port=8866, open_browser=False)
>>> cmd[1:3], "--port=8866" in cmd, "--no-browser" in cmd, "--strip_sources=True" in cmd
(['-m', 'voila'], True, True, True)
"""

from __future__ import annotations

import errno
import importlib.util
import os
import signal
import socket
import subprocess
import sys

from ..engine.errors import quote
from .choices import ENV_VARIANT, NOTEBOOK, variant_choice

__all__ = ["DEFAULT_PORT", "AppError", "app_command", "check_port", "run_app"]

DEFAULT_PORT = 8866
HOST = "127.0.0.1"


class AppError(Exception):
    """A request the app cannot serve (bad variant, port taken, Voila missing): one line."""


def check_port(port: int, host: str = HOST) -> None:
    """Raise :class:`AppError` unless ``port`` is a free TCP port on ``host``.

    >>> check_port(0)  # port 0 means "any free port": always fine
    >>> check_port(70000)
    Traceback (most recent call last):
    ...
    rummy_lab.app.serve.AppError: --port must be from 1 to 65535, got 70000
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
        raise AppError(f"--port must be from 1 to 65535, got {quote(port)}")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, errno.EACCES):
                why = "is in use" if exc.errno == errno.EADDRINUSE else "needs more privileges"
                raise AppError(f"port {port} {why}; choose another with --port N") from None
            raise AppError(f"cannot listen on {host}:{port}: {exc.strerror}") from None


def app_command(variant: str = "gin", *, port: int = DEFAULT_PORT,
                open_browser: bool = True, theme: str = "light") -> list[str]:
    """The Voila command line for the app (``variant`` is checked, not passed here).

    :raises AppError: for an unknown variant or theme.
    """
    try:
        variant_choice(variant)
    except ValueError as exc:
        raise AppError(str(exc)) from None
    if theme not in ("light", "dark"):
        raise AppError(f"--theme must be light or dark, got {quote(theme)}")
    cmd = [sys.executable, "-m", "voila", str(NOTEBOOK), f"--port={port}",
           f"--Voila.ip={HOST}", "--Voila.port_retries=0", f"--theme={theme}",
           "--strip_sources=True", "--show_tracebacks=False",
           "--VoilaConfiguration.file_allowlist=[]"]
    if not open_browser:
        cmd.append("--no-browser")
    return cmd


def run_app(variant: str = "gin", *, port: int = DEFAULT_PORT, open_browser: bool = True,
            theme: str = "light") -> int:
    """Serve the app until Ctrl-C; return the exit code (0 after a clean stop).

    :raises AppError: before anything starts, for a bad variant, a taken port or a Python
        without Voila.
    """
    cmd = app_command(variant, port=port, open_browser=open_browser, theme=theme)
    if importlib.util.find_spec("voila") is None:
        raise AppError(f"Voila is not installed in this Python ({sys.executable}); run "
                       "'make app' from the repository, or 'pip install voila'")
    check_port(port)
    env = dict(os.environ, **{ENV_VARIANT: variant_choice(variant)[1]})
    print(f"rummy_lab app: http://{HOST}:{port}/ ({variant_choice(variant)[1]}; "
          "Ctrl-C to stop)", file=sys.stderr, flush=True)
    # Ctrl-C (SIGINT) and SIGTERM both stop the server, even when the shell that started
    # us ignores SIGINT (background jobs): Voila then shuts its kernel down on SIGTERM.
    previous = {sig: signal.signal(sig, _interrupt) for sig in (signal.SIGINT, signal.SIGTERM)}
    proc = subprocess.Popen(cmd, env=env)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        _stop(proc)
        print("rummy_lab app: stopped", file=sys.stderr)
        return 0
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Ask Voila to shut down (it stops its kernels on SIGTERM); kill it if it hangs."""
    if proc.poll() is None:
        proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
