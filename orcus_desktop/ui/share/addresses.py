"""Which address the players' server binds: this computer's addresses on the table's network.

By default the first local-network address (a private IPv4 address of an interface that is up:
192.168.x.y at most tables); never every interface unless the GM picks that, by its name
(issue 32). With no network at all, this computer only (127.0.0.1), which the dialog says.

Found with the standard library alone (the installers leave Qt's network module out): on Linux
each interface is asked for its address (`SIOCGIFADDR`, nothing is sent anywhere); on Windows
and macOS, the addresses this computer's own name resolves to (their adapters' addresses).
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys
from dataclasses import dataclass

LOOPBACK = "127.0.0.1"
EVERY_INTERFACE = "0.0.0.0"  # offered by name, never a default
_SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


@dataclass(frozen=True, slots=True)
class AddressChoice:
    """An address the GM may share on, with the words the dialog shows for it."""

    address: str
    label: str


def local_network_addresses() -> list[AddressChoice]:
    """This computer's private IPv4 addresses, with the interface's name where it is known."""
    found: dict[str, str] = {}
    for name, address in _interface_addresses():
        found.setdefault(address, name)
    if not sys.platform.startswith("linux"):
        for address in _host_name_addresses():
            found.setdefault(address, "")
    return [
        AddressChoice(address, f"{address} (local network{', ' + name if name else ''})")
        for address, name in found.items()
        if _on_local_network(address)
    ]


def address_choices() -> list[AddressChoice]:
    """Every address the GM may pick: local network first, this computer only, every network.

    The last is offered by name only, never chosen for the GM (issue 32).
    """
    return [
        *local_network_addresses(),
        AddressChoice(LOOPBACK, f"{LOOPBACK} (this computer only)"),
        AddressChoice(EVERY_INTERFACE, f"{EVERY_INTERFACE} (every network of this computer)"),
    ]


def default_address() -> str:
    """The local-network address players' devices reach; 127.0.0.1 when there is none."""
    local = local_network_addresses()
    return local[0].address if local else LOOPBACK


def _on_local_network(address: str) -> bool:
    parsed = ipaddress.ip_address(address)
    return parsed.is_private and not parsed.is_loopback and not parsed.is_link_local


def _interface_addresses() -> list[tuple[str, str]]:
    """(interface, IPv4 address) of each interface that has one (Linux; elsewhere none)."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl  # Unix only

    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            with contextlib.suppress(OSError):  # no IPv4 address, or the interface is down
                answer = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, request)
                found.append((name, socket.inet_ntoa(answer[20:24])))
    return found


def _host_name_addresses() -> list[str]:
    """The IPv4 addresses this computer's own name resolves to (Windows, macOS)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]
