"""History against a reference model over random push/undo/redo/group sequences.

docs/design.md#testing: undo then redo is the identity; docs/design.md#undo: a
group is one undo step.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.commands import ReplaceEncounter
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.history import History

ops = st.lists(
    st.one_of(
        st.tuples(st.just("push"), st.integers(1, 3)),
        st.tuples(st.just("group"), st.integers(0, 3)),
        st.tuples(st.just("undo"), st.just(0)),
        st.tuples(st.just("redo"), st.just(0)),
        st.tuples(st.just("clean"), st.just(0)),
    ),
    max_size=25,
)


@settings(max_examples=80, deadline=None)
@given(ops)
def test_history_matches_a_list_of_snapshots(script: list[tuple[str, int]]) -> None:
    doc = Document(Encounter(GridBounds(5, 5)))
    history = History(doc)
    states = [doc.encounter]  # reference: the snapshot after each done step
    index = 0
    clean: int | None = 0
    counter = 0

    def change() -> None:
        nonlocal counter
        counter += 1
        before = doc.encounter
        history.push(
            ReplaceEncounter(
                f"step {counter}", before, Encounter(GridBounds(5, 5), name=str(counter))
            )
        )

    for op, n in script:
        if op in ("push", "group"):
            if op == "push" or n:
                with history.group("g"):
                    for _ in range(n):
                        change()
                del states[index + 1 :]
                if clean is not None and clean > index:
                    clean = None
                states.append(doc.encounter)
                index += 1
        elif op == "undo":
            assert history.undo() == (index > 0)
            index = max(0, index - 1)
        elif op == "redo":
            assert history.redo() == (index < len(states) - 1)
            index = min(len(states) - 1, index + 1)
        else:
            history.mark_clean()
            clean = index
        assert doc.encounter is states[index]
        assert history.can_undo == (index > 0)
        assert history.can_redo == (index < len(states) - 1)
        assert history.is_clean == (clean == index)
