"""Which addresses the GM may share on (issue 32, item 6), found without Qt's network module."""

from __future__ import annotations

import subprocess
import sys

import pytest

from orcus_desktop.ui.share.addresses import (
    EVERY_INTERFACE,
    LOOPBACK,
    _on_local_network,
    address_choices,
    default_address,
)


@pytest.mark.parametrize(
    ("address", "local"),
    [
        ("192.168.1.20", True),
        ("10.0.0.5", True),
        ("172.16.3.4", True),
        ("127.0.0.1", False),  # this computer only: offered apart, by that name
        ("169.254.7.7", False),  # link-local: no router gave it, players' phones are not there
        ("8.8.8.8", False),  # a public address is not the table's network
    ],
)
def test_only_private_addresses_count_as_the_local_network(address: str, local: bool) -> None:
    assert _on_local_network(address) is local


def test_the_default_is_never_every_interface() -> None:
    assert default_address() != EVERY_INTERFACE
    choices = [c.address for c in address_choices()]
    assert choices[-2:] == [LOOPBACK, EVERY_INTERFACE]
    assert default_address() == choices[0]


def test_sharing_loads_no_qt_network_module() -> None:
    # The installers leave PySide6.QtNetwork out of the bundle (packaging/orcus.spec).
    code = (
        "import sys, orcus_desktop.ui.share.control, orcus_desktop.ui.share.dialog, "
        "orcus_desktop.ui.share.server, orcus_desktop.ui.share.addresses as a; "
        "a.address_choices(); assert 'PySide6.QtNetwork' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
