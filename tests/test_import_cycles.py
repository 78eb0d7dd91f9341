"""No import cycle in `orcus_desktop` (issue 30): lazy imports count, `TYPE_CHECKING` ones do not.

A cycle hides which module is the foundation: each side can only be read, tested and moved with
the other. import-linter's contracts check layers between packages; this checks every module.
"""

from __future__ import annotations

import grimp


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append(
                        (child, iter(sorted(graph.find_modules_directly_imported_by(child))))
                    )
                elif child in on_stack:
                    low[module] = min(low[module], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == module:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_module_of_the_app_imports_itself_back() -> None:
    graph = grimp.build_graph("orcus_desktop", exclude_type_checking_imports=True, cache_dir=None)
    # Each entry: modules that import one another, directly or in a ring (lazy imports too).
    assert _cycles(graph) == []


def test_the_check_sees_a_lazy_import_cycle() -> None:
    graph = grimp.ImportGraph()
    for module in ("app", "app.a", "app.b", "app.c"):
        graph.add_module(module)
    graph.add_import(importer="app.a", imported="app.b")
    graph.add_import(importer="app.b", imported="app.c")
    assert _cycles(graph) == []
    graph.add_import(importer="app.c", imported="app.a")  # as a function-level import would
    assert _cycles(graph) == [["app.a", "app.b", "app.c"]]
