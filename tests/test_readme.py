"""The README is for game masters (issue 34): its two commands first, then how to install.

CI (`.ci/run`) runs the README's test command verbatim, so the commands at the top are the ones
that are run; the install section points at the releases page and states the package's size,
which the release workflow keeps true.
"""

from __future__ import annotations

import re

from tests.conftest import REPO_ROOT

README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
WORKFLOW = (REPO_ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")


def _first_code_block() -> list[str]:
    match = re.search(r"```sh\n(.*?)```", README, re.DOTALL)
    assert match is not None
    return [line.split("#")[0].strip() for line in match.group(1).splitlines()]


def test_the_readme_opens_with_the_run_and_test_commands() -> None:
    assert README.startswith("# Orcus Desktop\n\n```sh\n")
    assert _first_code_block() == [
        "bash packaging/bootstrap.sh run",
        "bash packaging/bootstrap.sh test",
    ]
    ci = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "bash packaging/bootstrap.sh test" in ci  # the README's test command, verbatim


def test_the_readme_is_short_and_leaves_the_developers_material_to_docs() -> None:
    assert len(README.splitlines()) <= 220
    for page in ("developers.md", "architecture.md", "benchmarks.md", "rulings.md"):
        assert f"(docs/{page})" in README
    assert "| measure |" not in README  # the benchmark tables live in docs/benchmarks.md


def test_install_points_at_the_releases_page_of_this_repository() -> None:
    assert "[releases page](../../releases)" in README
    for system in ("**Linux", "**Windows", "**macOS"):
        assert system in README


def test_the_stated_package_size_is_within_what_the_workflow_allows() -> None:
    stated = re.search(r"`orcus-desktop_VERSION_amd64\.deb` \((\d+) MB", README)
    assert stated is not None
    limit = re.search(r'test "\$size" -le (\d+)', WORKFLOW)
    assert limit is not None
    assert int(stated.group(1)) * 1_000_000 <= int(limit.group(1)) <= 70_000_000


def test_the_readme_counts_the_rulesets_the_app_lists() -> None:
    # Issue 34: it said "Five rulesets" while `orcus-desktop rules` listed six.
    from orcus_desktop.rules.ruleset import RULESETS

    words = {5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}
    assert f"`orcus-desktop rules` lists {words[len(RULESETS)]} rulesets" in README
