"""An immutable append-only sequence whose versions share their common prefix.

The combat log only ever grows by one entry at the end, and every undo snapshot of the
encounter keeps its own version of it. As a tuple, each version copied every entry before it:
1,000 undo steps over a 5,000-entry log held five million references. `LogSequence` versions
made by `appended` share one buffer instead, so a new snapshot costs one entry, not a log.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Generic, TypeVar, overload

T = TypeVar("T")


class LogSequence(Sequence[T], Generic[T]):
    """An immutable sequence; `appended` returns a new version that shares this one's items.

    A version is a length over a shared buffer. The buffer is only ever appended to, and a
    version never reads past its own length, so every version keeps its items. Appending to a
    version that is not the buffer's longest (an undo, then another action) copies its items
    into a new buffer, once. Versions compare and hash like the tuple of their items, and
    slicing returns a tuple. Versions are made on one thread (the document's); any thread may
    read them.
    """

    __slots__ = ("_buffer", "_length")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._buffer: list[T] = list(items)
        self._length = len(self._buffer)

    @classmethod
    def _view(cls, buffer: list[T], length: int) -> LogSequence[T]:
        version: LogSequence[T] = cls.__new__(cls)
        version._buffer = buffer
        version._length = length
        return version

    def appended(self, item: T) -> LogSequence[T]:
        """This sequence plus `item` at the end, sharing this one's items when it can."""
        buffer = self._buffer
        if len(buffer) != self._length:
            buffer = buffer[: self._length]
        buffer.append(item)
        return self._view(buffer, self._length + 1)

    def shares_items_with(self, other: LogSequence[T]) -> bool:
        """True when both versions read one buffer (no item is stored twice)."""
        return self._buffer is other._buffer

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(self._buffer[: self._length][index])
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("log index out of range")
        return self._buffer[index]

    def __iter__(self) -> Iterator[T]:
        return islice(self._buffer, self._length)

    def __reversed__(self) -> Iterator[T]:
        buffer = self._buffer
        return (buffer[i] for i in range(self._length - 1, -1, -1))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LogSequence):
            if self._length != other._length:
                return False
            if self._buffer is other._buffer:
                return True
            return all(a == b for a, b in zip(self, other, strict=True))
        if isinstance(other, tuple):
            return len(other) == self._length and all(
                a == b for a, b in zip(self, other, strict=True)
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LogSequence({list(self)!r})"
