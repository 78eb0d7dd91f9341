"""Help > About: the app's version and the licences of the libraries it ships with.

The list is read from the installed distributions' metadata (the frozen build copies it in,
packaging/orcus.spec), starting from the app's own requirements, so it follows pyproject.toml
without a second list to keep in step. The installers ship these libraries, so their licences
are owed to the user: Qt and PySide6 under the LGPL v3, the rest as each declares.
"""

from __future__ import annotations

import html
import platform
import re
from dataclasses import dataclass
from importlib.metadata import Distribution, PackageNotFoundError, distribution

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop import DISTRIBUTION, __version__
from orcus_desktop.assets import resource_path
from orcus_desktop.ui.icons import ICON_CREDIT

QT_SOURCE_URL = "https://download.qt.io/official_releases/QtForPython/"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
# auditwheel/delocate's notes in a wheel's licence files on the native libraries it bundles.
_BUNDLED = re.compile(
    r"^Name: *(?P<name>.+?)\s*$(?:\n(?!Name:).*)*?\n^License: *(?P<lic>.+?)\s*$", re.M
)
_LICENCE_FILE = re.compile(r"LICEN[CS]E|COPYING", re.I)


@dataclass(frozen=True)
class BundledLibrary:
    """One distribution the app ships with.

    Attributes:
        name: the distribution's name ("shapely").
        version: its installed version.
        licence: its declared licence (an SPDX expression where it gives one).
        bundles: native libraries its wheel carries, with their licences ("GEOS (LGPLv2.1)").
    """

    name: str
    version: str
    licence: str
    bundles: tuple[str, ...] = ()


def bundled_libraries(root: str = DISTRIBUTION) -> list[BundledLibrary]:
    """Every distribution `root` needs at run time, found from its metadata, sorted by name.

    A requirement for an extra (the dev tools) is left out; one whose marker does not apply here
    is simply not installed, and so not listed.
    """
    seen: dict[str, Distribution] = {}
    pending = [root]
    while pending:
        try:
            dist = distribution(pending.pop())
        except PackageNotFoundError:
            continue
        key = _normalised(dist.metadata["Name"])
        if key in seen:
            continue
        seen[key] = dist
        for requirement in dist.requires or []:
            marker = requirement.partition(";")[2]
            match = _NAME.match(requirement)
            if match and "extra" not in marker:
                pending.append(match.group())
    seen.pop(_normalised(root), None)
    libraries = [
        BundledLibrary(d.metadata["Name"], d.version, declared_licence(d), bundled_natives(d))
        for d in seen.values()
    ]
    return sorted(libraries, key=lambda library: library.name.lower())


def declared_licence(dist: Distribution) -> str:
    """The licence a distribution declares: its SPDX expression, else its text or classifiers."""
    meta = dist.metadata
    expression = meta.get_all("License-Expression") or []
    if expression:
        return str(expression[0])
    text = str((meta.get_all("License") or [""])[0]).strip()
    if text and text != "UNKNOWN" and "\n" not in text and len(text) <= 80:
        return text
    prefix = "License :: OSI Approved :: "
    classifiers = [
        c[len(prefix) :] for c in meta.get_all("Classifier") or [] if c.startswith(prefix)
    ]
    return " / ".join(classifiers) or "see its licence file"


def bundled_natives(dist: Distribution) -> tuple[str, ...]:
    """The native libraries a binary wheel says it bundles, as "Name (licence)"."""
    found: list[str] = []
    for file in dist.files or []:
        if not _LICENCE_FILE.search(file.name):
            continue
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        found += [f"{m['name']} ({m['lic']})" for m in _BUNDLED.finditer(text)]
    return tuple(dict.fromkeys(found))


def about_html(libraries: list[BundledLibrary]) -> str:
    """The dialog's text: version, the app's licence, then the bundled libraries."""
    rows = "".join(
        f"<tr><td>{html.escape(lib.name)}</td><td>{html.escape(lib.version)}</td>"
        f"<td>{html.escape(lib.licence)}"
        + "".join(f"<br><small>bundles {html.escape(b)}</small>" for b in lib.bundles)
        + "</td></tr>"
        for lib in libraries
    )
    return (
        f"<h2>Orcus Desktop {html.escape(__version__)}</h2>"
        "<p>An offline battle map for game masters running Orcus tactical combat.<br>"
        "Licence: MIT.</p>"
        f"<p>Runs on Python {platform.python_version()} (PSF-2.0), "
        f"Qt {qVersion()} and PySide6 {pyside_version}.</p>"
        "<h3>Libraries shipped with the app</h3>"
        "<table cellspacing='0' cellpadding='3'>"
        "<tr><th align='left'>Library</th><th align='left'>Version</th>"
        f"<th align='left'>Licence</th></tr>{rows}</table>"
        "<p>Qt and PySide6 are used under the GNU Lesser General Public License v3 (LGPL-3.0). "
        "They are shipped as separate shared libraries in the app's folder, and you may replace "
        "them with your own build of the same version. Their source code is available from "
        f"<a href='{QT_SOURCE_URL}'>{QT_SOURCE_URL}</a>. Each library's licence text is in its "
        "<i>.dist-info</i> folder inside the app.</p>"
        f"<p>{html.escape(ICON_CREDIT)}</p>"
    )


class AboutDialog(QDialog):
    """The About box: a scrollable text of the version and licences, About Qt and Close."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Orcus Desktop")
        self.setWindowIcon(QIcon(str(resource_path("icons", "orcus-desktop.png"))))
        icon = QLabel()
        icon.setPixmap(self.windowIcon().pixmap(64, 64))
        icon.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(True)
        self.text.setHtml(about_html(bundled_libraries()))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        about_qt = QPushButton("About &Qt")
        about_qt.clicked.connect(lambda: QMessageBox.aboutQt(self, "About Qt"))
        buttons.addButton(about_qt, QDialogButtonBox.ButtonRole.HelpRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(icon)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(560, 520)


def show_about_dialog(parent: QWidget) -> AboutDialog:
    """Open the About box over `parent` (window-modal, without blocking) and return it."""
    dialog = AboutDialog(parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


def _normalised(name: str) -> str:
    """A distribution name as PyPI compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()
