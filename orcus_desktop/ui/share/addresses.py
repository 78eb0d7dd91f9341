"""Which address the players' server binds: this computer's addresses on the table's network.

By default the first local-network address (a private IPv4 address of an interface that is up:
192.168.x.y at most tables); never every interface unless the GM picks that, by its name
(issue 32). With no network at all, this computer only (127.0.0.1), which the dialog says.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface

LOOPBACK = "127.0.0.1"
EVERY_INTERFACE = "0.0.0.0"  # offered by name, never a default


@dataclass(frozen=True, slots=True)
class AddressChoice:
    """An address the GM may share on, with the words the dialog shows for it."""

    address: str
    label: str


def local_network_addresses() -> list[AddressChoice]:
    """This computer's private IPv4 addresses on interfaces that are up, with their names."""
    flags = QNetworkInterface.InterfaceFlag
    choices: list[AddressChoice] = []
    for interface in QNetworkInterface.allInterfaces():
        state = interface.flags()
        if not (state & flags.IsUp and state & flags.IsRunning) or state & flags.IsLoopBack:
            continue
        for entry in interface.addressEntries():
            host = entry.ip()
            if host.protocol() != QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
                continue
            text = host.toString()
            parsed = ipaddress.ip_address(text)
            if parsed.is_private and not parsed.is_loopback and not parsed.is_link_local:
                name = interface.humanReadableName() or interface.name()
                choices.append(AddressChoice(text, f"{text} (local network, {name})"))
    return choices


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
