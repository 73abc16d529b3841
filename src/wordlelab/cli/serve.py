"""wordlelab serve: the local web app (play, assist, analyse, bench) in a browser."""

from __future__ import annotations

import ipaddress
import socket

import click

from ..errors import WordlelabError


def is_loopback(host: str) -> bool:
    """True for 127.0.0.0/8, ::1 and localhost: addresses no other machine can reach."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def check_host(host: str, option: str = "--host") -> None:
    """WordlelabError unless ``host`` could be an address or a DNS name: no spaces or control
    characters, at most 253 characters, each dotted label 1 to 63 (the resolver's own limits,
    which it reports with a traceback of its own)."""
    shown = host if len(host) <= 40 else host[:40] + "…"
    if host == "localhost" or _is_ip(host):
        return
    bad = (
        not host
        or len(host) > 253
        or any(ch.isspace() or not ch.isprintable() for ch in host)
        or any(not 1 <= len(label) <= 63 for label in host.rstrip(".").split("."))
    )
    if not bad:
        try:
            host.encode("idna")
        except UnicodeError:
            bad = True
    if bad:
        raise WordlelabError(f"{option} {shown!r} is not a host name or an IP address", shown)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one), so the address is known before serving."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise WordlelabError(
            f"cannot listen on {host}:{port}: {exc.strerror or exc}", f"{host}:{port}"
        ) from None
    sock.listen(128)
    return sock


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=0,
    show_default=True,
    help="Port to listen on (0: a free one).",
)
@click.option(
    "--public",
    is_flag=True,
    help="Allow a --host other machines can reach (the app has no login: anyone there can use it); "
    "requests may then name the server by any IP address too. See docs/threat-model.md.",
)
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    metavar="NAME",
    help="Also answer requests that name this server NAME (a DNS name it is reached by); "
    "by default only localhost, 127.0.0.1, [::1] and the --host address. Repeatable.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the default browser.")
def serve(
    host: str, port: int, public: bool, allow_hosts: tuple[str, ...], open_browser: bool
) -> None:
    """Serve the web app (play, assist, analyse, bench) on this machine; Ctrl-C stops it.

    Requests must name the server by an allowed host (against DNS rebinding), changes must come from
    its own page or a non-browser client, bodies are JSON of at most 64 KB; see docs/threat-model.md."""
    check_host(host)
    if host != "localhost" and not _is_ip(host):
        try:  # a name: one with no address is a typo, whatever --public says
            socket.getaddrinfo(host, None)
        except (OSError, UnicodeError) as exc:
            raise WordlelabError(
                f"--host {host}: no address for that name "
                f"({getattr(exc, 'strerror', None) or exc})",
                host,
            ) from None
    if not is_loopback(host) and not public:
        raise WordlelabError(
            f"--host {host} can be reached from other machines; add --public to allow it", host
        )
    try:
        from ..web.app import create_app
        from ..web.security import HostPolicy, split_host
        from ..web.server import serve_on
    except ImportError:
        raise WordlelabError(
            "serve needs the web extra: pip install 'wordlelab[web]'", None
        ) from None
    for name in allow_hosts:
        check_host(name, "--allow-host")
        parsed = split_host(name)
        if parsed is None or parsed[1] is not None or not parsed[0]:
            raise WordlelabError(
                f"--allow-host {name!r} is not a host name (give it without a port)", name
            )
    # The app (its secret, its settings) is made before the socket: whatever it refuses is said
    # before "serving on", never after it.
    app = create_app(hosts=HostPolicy([host, *allow_hosts], any_ip=public), warm_up=True)
    sock = bind(host, port)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{sock.getsockname()[1]}/"
    if not is_loopback(host):
        click.echo(
            f"warning: listening on {host}, reachable from other machines, with no login", err=True
        )
    click.echo(f"wordlelab is serving on {url}  (Ctrl-C stops it)")
    if open_browser:
        import webbrowser

        if not webbrowser.open(url):  # False: no browser found (a server, an SSH session)
            click.echo(
                "wordlelab: no web browser found to open; open the address above yourself", err=True
            )
    if app.state.web.warming is not None:
        click.echo(
            "warming up in the background: compiling the numeric kernels for this machine "
            "(once; a minute or two; the page says when it is done)"
        )
    serve_on(app, sock)
