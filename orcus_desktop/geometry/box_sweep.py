"""The exact measure behind `coverage`: how much of a box a point sees, by an angular sweep.

For many (viewpoint, box) pairs at once, exactly (no sampling), with the same rules as
`visibility` (a viewpoint on a wall sees only the sector around its `inward` direction; grazing
lines are not blocked; areas of zero width count for nothing). Per pair, in the angular frame
of the box seen from the point:

1. the candidate segments are split where they cross the box's four side lines, so that no
   piece crosses the box's outline; pieces outside the box's angular wedge are dropped;
2. the wedge is cut into elementary intervals at the pieces' end angles, the box's corners and
   the sector limits; inside an interval the nearest piece and the near and far sides of the box
   are each one straight line, so the seen part is the difference of two triangles from the
   point: the one out to min(nearest piece, far side) minus the one out to the near side.

All pairs go through the same array operations (grouped by pair), so the cost is a few dozen
numpy calls for the whole batch rather than per pair. Pairs whose point lies in or on the box
take the polygon path of `visibility` instead (points on its outline are fine).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final, NamedTuple

import numpy as np

from orcus_desktop.geometry.visibility import visible_area_in_box
from orcus_desktop.geometry.walls import BoolArray, FloatArray, IntArray

_KEY_STRIDE = 8.0
# |cross(A, B)| below this times |A| |B|: the segment is seen edge-on (angular width zero).
_FLAT = 1e-12
# Angles (radians) this close count as the same direction for the "which side" rule.
_ALONG = 1e-9  # angles + pi lie in [0, 2 pi] < 8: key = group * 8 + angle + pi


def cos_sin(angle: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Cosine and sine of angles in [-pi, pi], from the tangent of the half angle.

    The same values as `np.cos` and `np.sin` to a few units in the last place; a third of
    their cost with this numpy (`np.tan` is vectorised where they are not).
    """
    t = np.tan(angle / 2)
    t2 = t * t
    d = 1 + t2
    return (1 - t2) / d, 2 * t / d


def vector_length(x: FloatArray, y: FloatArray) -> FloatArray:
    """`np.hypot` for grid-sized values (no overflow), a fifth of its cost with this numpy."""
    out: FloatArray = np.sqrt(x * x + y * y)
    return out


# An optimal sorting network for five values (compare-exchange pairs, in order).
_SORT5: Final = ((0, 1), (3, 4), (2, 4), (2, 3), (1, 4), (0, 3), (0, 2), (1, 3), (1, 2))


def _key(group: IntArray, angle: FloatArray) -> FloatArray:
    result: FloatArray = group * _KEY_STRIDE + (angle + math.pi)
    return result


def _unique_inverse(values: FloatArray) -> tuple[FloatArray, IntArray]:
    """`np.unique(values, return_inverse=True)`, by one plain sort (fewer steps)."""
    order = np.argsort(values)
    ordered = values[order]
    new = np.empty(len(ordered), dtype=np.bool_)
    new[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    where = np.empty(len(ordered), dtype=np.int64)
    where[order] = np.cumsum(new) - 1
    return ordered[new], where


def exact_seen_fractions(
    points: FloatArray,
    inward: FloatArray,
    boxes: FloatArray,
    seg_group: IntArray,
    segments: FloatArray,
) -> FloatArray:
    """Per (point, box) pair, the exact share of the box the point sees: every pair swept.

    The reference that `coverage.seen_fractions` must agree with (up to float rounding): the
    same arrays, but no pair is settled by a filter first. A pair with no segment sees all of
    its box; a point strictly inside its box takes the polygon path
    (`visibility.visible_area_in_box`); every other pair goes through the angular sweep of
    this module, all in the same array operations. The caller guarantees that a pair's
    segments never cross (noded; touching or collinear overlap is fine): the sweep takes the
    nearest piece of each interval as the one in front, which crossing pieces break.
    `seg_group` names the pair (the row of `points`, `inward` and `boxes`) of each row of
    `segments`; `inward` rows are NaN where the point has no sector rule.

    Returns:
        (m,) shares in [0, 1], one per pair.
    """
    m = len(points)
    out = np.zeros(m, dtype=np.float64)
    if m == 0:
        return out
    px, py = points[:, 0], points[:, 1]
    x0, y0, x1, y1 = boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]
    area = (x1 - x0) * (y1 - y0)
    # strictly inside: the polygon path (a point on the outline is fine for the batch)
    inside = (px > x0) & (px < x1) & (py > y0) & (py < y1)
    has_segs = np.zeros(m, dtype=np.bool_)
    has_segs[seg_group] = True
    out[~has_segs & ~inside] = 1.0
    if inside.any():
        order = np.argsort(seg_group, kind="stable")
        sg = seg_group[order]
        ss = segments[order]
        for g in np.nonzero(inside)[0].tolist():
            lo, hi = np.searchsorted(sg, [g, g + 1])
            inw = inward[g]
            seen = visible_area_in_box(
                (float(px[g]), float(py[g])),
                ss[lo:hi],
                (float(x0[g]), float(y0[g]), float(x1[g]), float(y1[g])),
                None if np.isnan(inw).any() else (float(inw[0]), float(inw[1])),
            )
            out[g] = min(1.0, seen / float(area[g]))
    work = has_segs & ~inside
    if not work.any():
        return out
    keep_rows = work[seg_group]
    out[work] = _batch(points, inward, boxes, seg_group[keep_rows], segments[keep_rows], work)
    return out


class _Frame(NamedTuple):
    """Per group (a point and its box): the box in the point's angular frame.

    The box relative to the point and its area, the unit direction `u` to the box's centre
    (angles are measured from it), the box corners' angles and the wedge between the
    outermost two (`alpha1` .. `alpha2`).
    """

    area: FloatArray
    rel_box: tuple[FloatArray, FloatArray, FloatArray, FloatArray]
    ux: FloatArray
    uy: FloatArray
    corner_ang: FloatArray
    alpha1: FloatArray
    alpha2: FloatArray

    def rel_angle(self, vx: FloatArray, vy: FloatArray, g: IntArray) -> FloatArray:
        """Angles of vectors (vx, vy) of groups `g`, from their group's `u`, in [-pi, pi]."""
        ux, uy = self.ux[g], self.uy[g]
        result: FloatArray = np.arctan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return result


def _frame(p: FloatArray, b: FloatArray) -> _Frame:
    """The `_Frame` of each group's point `p` and box `b`."""
    px, py = p[:, 0], p[:, 1]
    bx0, by0, bx1, by1 = b[:, 0], b[:, 1], b[:, 2], b[:, 3]
    # the box relative to the point, per group
    rel_box = (bx0 - px, by0 - py, bx1 - px, by1 - py)
    # frame: u = unit direction from the point to the box centre
    ux = (bx0 + bx1) / 2 - px
    uy = (by0 + by1) / 2 - py
    norm = vector_length(ux, uy)
    ux /= norm
    uy /= norm
    # box corners: their angles bound the wedge
    cx = np.stack([rel_box[0], rel_box[2], rel_box[2], rel_box[0]], axis=1)
    cy = np.stack([rel_box[1], rel_box[1], rel_box[3], rel_box[3]], axis=1)
    cux, cuy = ux[:, None], uy[:, None]
    corner_ang = np.arctan2(cux * cy - cuy * cx, cux * cx + cuy * cy)
    # (min/max of four columns: a reduction along rows of four costs numpy far more)
    alpha1 = np.minimum(
        np.minimum(corner_ang[:, 0], corner_ang[:, 1]),
        np.minimum(corner_ang[:, 2], corner_ang[:, 3]),
    )
    alpha2 = np.maximum(
        np.maximum(corner_ang[:, 0], corner_ang[:, 1]),
        np.maximum(corner_ang[:, 2], corner_ang[:, 3]),
    )
    return _Frame((bx1 - bx0) * (by1 - by0), rel_box, ux, uy, corner_ang, alpha1, alpha2)


class _Rel(NamedTuple):
    """Segment rows relative to their group's point, with each row's group."""

    sg: IntArray
    ax: FloatArray
    ay: FloatArray
    bx: FloatArray
    by: FloatArray

    def take(self, rows: BoolArray | IntArray) -> _Rel:
        return _Rel(self.sg[rows], self.ax[rows], self.ay[rows], self.bx[rows], self.by[rows])


def _batch(
    points: FloatArray,
    inward: FloatArray,
    boxes: FloatArray,
    seg_group: IntArray,
    segments: FloatArray,
    work: np.ndarray,
) -> FloatArray:
    """`exact_seen_fractions` of the `work` groups (outside their box, with segments)."""
    groups = np.nonzero(work)[0]
    n_g = len(groups)
    remap = np.full(len(points), -1, dtype=np.int64)
    remap[groups] = np.arange(n_g)
    sg = remap[seg_group]
    p = points[groups]
    frame = _frame(p, boxes[groups])
    # --- segments through the viewpoint: rays for the sector rule, then out of the sweep ----
    spx, spy = p[:, 0][sg], p[:, 1][sg]
    rel = _Rel(
        sg,
        segments[:, 0] - spx,
        segments[:, 1] - spy,
        segments[:, 2] - spx,
        segments[:, 3] - spy,
    )
    cr = rel.ax * rel.by - rel.ay * rel.bx
    # zero up to rounding: noded intersection points are not exact
    flat: BoolArray = np.abs(cr) <= _FLAT * vector_length(rel.ax, rel.ay) * vector_length(
        rel.bx, rel.by
    )
    through: BoolArray = flat & (rel.ax * rel.bx + rel.ay * rel.by <= 0)
    sector = _sector(frame, inward[groups], rel, through)
    pieces = _pieces(frame, _oriented(frame, rel.take(~flat), cr[~flat]))
    # --- shortcut: pairs whose whole wedge is covered by pieces in front of the box -------
    dead = _hidden_behind_front_pieces(
        pieces.pg,
        pieces.lo_ang,
        pieces.hi_ang,
        (pieces.ax, pieces.ay, pieces.bx, pieces.by),
        (frame.ux, frame.uy),
        frame.rel_box,
        frame.alpha1,
        frame.alpha2,
    )
    if dead.any():
        pieces = pieces.take(~dead[pieces.pg])
    return _seen_shares(frame, pieces, sector, dead)


def _sector(
    frame: _Frame, inw: FloatArray, rel: _Rel, through: BoolArray
) -> tuple[FloatArray, FloatArray]:
    """Per group, the open sector of directions its point sees (the sector rule).

    Bounded by the segments `through` the point, round the group's `inward` (`inw`);
    (-inf, inf) where there is none.
    """
    n_g = len(inw)
    sector_lo = np.full(n_g, -np.inf)
    sector_hi = np.full(n_g, np.inf)
    has_in: BoolArray = ~(np.isnan(inw[:, 0]) | np.isnan(inw[:, 1]))
    sg, sax, say, sbx, sby = rel
    t_mask = through & has_in[sg]
    if not t_mask.any():
        return sector_lo, sector_hi
    rg = np.concatenate([sg[t_mask], sg[t_mask]])
    rx = np.concatenate([sax[t_mask], sbx[t_mask]])
    ry = np.concatenate([say[t_mask], sby[t_mask]])
    nonzero = (rx != 0) | (ry != 0)
    rg, rx, ry = rg[nonzero], rx[nonzero], ry[nonzero]
    ix, iy = inw[rg, 0], inw[rg, 1]
    rho = np.arctan2(ix * ry - iy * rx, ix * rx + iy * ry) % math.tau
    # a ray exactly along `inward` counts as just clockwise of it (`visibility`)
    # (up to rounding: noded points are not exact)
    along = (rho < _ALONG) | (rho > math.tau - _ALONG)
    rho = np.where(along, math.tau, rho)
    hi_rel = np.full(n_g, np.inf)
    lo_rel = np.full(n_g, -np.inf)
    np.minimum.at(hi_rel, rg, rho)
    np.maximum.at(lo_rel, rg, rho - math.tau)
    iota = frame.rel_angle(inw[:, 0], inw[:, 1], np.arange(n_g))
    restricted = np.isfinite(hi_rel)
    sector_lo = np.where(restricted, iota + lo_rel, -np.inf)
    sector_hi = np.where(restricted, iota + hi_rel, np.inf)
    return sector_lo, sector_hi


def _oriented(frame: _Frame, rel: _Rel, cr: FloatArray) -> tuple[_Rel, FloatArray, FloatArray]:
    """The segments turned counter-clockwise seen from their point, with their ends' angles.

    Those wrapping round behind the point are split there; only those in their group's wedge
    are kept. Returns the segments and the angles (ta, tb) of their two ends.
    """
    sg, sax, say, sbx, sby = rel
    flip = cr < 0
    sax, sbx = np.where(flip, sbx, sax), np.where(flip, sax, sbx)
    say, sby = np.where(flip, sby, say), np.where(flip, say, sby)
    ta = frame.rel_angle(sax, say, sg)
    tb = frame.rel_angle(sbx, sby, sg)
    # split the ones wrapping round behind the viewpoint at the ray opposite u
    wrap = tb < ta
    if wrap.any():
        ux, uy = frame.ux, frame.uy
        w_ex, w_ey = sbx[wrap] - sax[wrap], sby[wrap] - say[wrap]
        wg = sg[wrap]
        s_cut = -(ux[wg] * say[wrap] - uy[wg] * sax[wrap]) / (ux[wg] * w_ey - uy[wg] * w_ex)
        mx = sax[wrap] + s_cut * w_ex
        my = say[wrap] + s_cut * w_ey
        n_w = int(wrap.sum())
        sg = np.concatenate([sg[~wrap], wg, wg])
        new_ax = np.concatenate([sax[~wrap], sax[wrap], mx])
        new_ay = np.concatenate([say[~wrap], say[wrap], my])
        new_bx = np.concatenate([sbx[~wrap], mx, sbx[wrap]])
        new_by = np.concatenate([sby[~wrap], my, sby[wrap]])
        ta = np.concatenate([ta[~wrap], ta[wrap], np.full(n_w, -math.pi)])
        tb = np.concatenate([tb[~wrap], np.full(n_w, math.pi), tb[wrap]])
        sax, say, sbx, sby = new_ax, new_ay, new_bx, new_by
    # drop parents entirely outside the wedge
    live = (tb > frame.alpha1[sg]) & (ta < frame.alpha2[sg])
    return _Rel(sg, sax, say, sbx, sby).take(live), ta[live], tb[live]


class _Pieces(NamedTuple):
    """Pieces of segments that cross no side line of their group's box, inside its wedge.

    Each piece's group, the angles of its ends, and the ends relative to the point.
    """

    pg: IntArray
    lo_ang: FloatArray
    hi_ang: FloatArray
    ax: FloatArray
    ay: FloatArray
    bx: FloatArray
    by: FloatArray

    def take(self, rows: BoolArray | IntArray) -> _Pieces:
        p = self
        return _Pieces(
            p.pg[rows],
            p.lo_ang[rows],
            p.hi_ang[rows],
            p.ax[rows],
            p.ay[rows],
            p.bx[rows],
            p.by[rows],
        )


def _pieces(frame: _Frame, oriented: tuple[_Rel, FloatArray, FloatArray]) -> _Pieces:
    """Split the oriented segments at their box's four side lines; keep what may hide it."""
    (sg, sax, say, sbx, sby), ta, tb = oriented
    rel_box = frame.rel_box
    ex = sbx - sax
    ey = sby - say
    ts: list[FloatArray] = [np.ones(len(sg))]
    with np.errstate(divide="ignore", invalid="ignore"):
        for line, start, delta in (
            (rel_box[0][sg], sax, ex),
            (rel_box[2][sg], sax, ex),
            (rel_box[1][sg], say, ey),
            (rel_box[3][sg], say, ey),
        ):
            t = (line - start) / delta
            ts.append(np.where((t > 0) & (t < 1), t, np.inf))
    # 1 and the four crossings sorted (no crossing: inf, last) by a sorting network: rows of
    # five cost numpy's row sort far more than nine column-wise min/max
    for i, j in _SORT5:
        ts[i], ts[j] = np.minimum(ts[i], ts[j]), np.maximum(ts[i], ts[j])
    tm = np.stack([np.zeros(len(sg)), *ts], axis=1)
    t_lo = tm[:, :-1].ravel()
    t_hi = tm[:, 1:].ravel()
    parent = np.repeat(np.arange(len(sg)), tm.shape[1] - 1)
    ok = np.isfinite(t_lo) & np.isfinite(t_hi) & (t_hi > t_lo)
    t_lo, t_hi, parent = t_lo[ok], t_hi[ok], parent[ok]
    pg2 = sg[parent]
    pax, pay, pex, pey = sax[parent], say[parent], ex[parent], ey[parent]
    qax = np.where(t_lo == 0, pax, pax + t_lo * pex)
    qay = np.where(t_lo == 0, pay, pay + t_lo * pey)
    qbx = np.where(t_hi == 1, sbx[parent], pax + t_hi * pex)
    qby = np.where(t_hi == 1, sby[parent], pay + t_hi * pey)
    p_lo, p_hi = ta[parent], tb[parent]

    def piece_angle(
        x: FloatArray, y: FloatArray, exact: np.ndarray, exact_val: FloatArray
    ) -> FloatArray:
        ang = frame.rel_angle(x, y, pg2)
        # an angle computed across the cut or by rounding outside the parent's range
        ang = np.where(ang < p_lo, np.where(p_lo - ang > math.pi, p_hi, p_lo), ang)
        ang = np.where(ang > p_hi, np.where(ang - p_hi > math.pi, p_lo, p_hi), ang)
        result: FloatArray = np.where(exact, exact_val, ang)
        return result

    lo_ang = np.maximum(piece_angle(qax, qay, t_lo == 0, p_lo), frame.alpha1[pg2])
    hi_ang = np.minimum(piece_angle(qbx, qby, t_hi == 1, p_hi), frame.alpha2[pg2])
    live = hi_ang > lo_ang
    # A piece beyond one of the box's far sides hides nothing of it (every ray leaves the box
    # before reaching it); pieces never cross a side line, so their middle tells.
    mx, my = (qax + qbx) / 2, (qay + qby) / 2
    rx0, rx1 = rel_box[0][pg2], rel_box[2][pg2]
    ry0, ry1 = rel_box[1][pg2], rel_box[3][pg2]
    live &= ~(((rx1 > 0) & (mx > rx1)) | ((rx0 < 0) & (mx < rx0)))
    live &= ~(((ry1 > 0) & (my > ry1)) | ((ry0 < 0) & (my < ry0)))
    return _Pieces(pg2, lo_ang, hi_ang, qax, qay, qbx, qby).take(live)


def _seen_shares(
    frame: _Frame, pieces: _Pieces, sector: tuple[FloatArray, FloatArray], dead: BoolArray
) -> FloatArray:
    """Per group, the share of its box seen: the sweep over the elementary intervals."""
    sector_lo, sector_hi = sector
    n_g = len(frame.ux)
    # --- events and intervals -----------------------------------------------------------
    finite = np.isfinite(sector_lo)
    wrap_lo = np.full(n_g, np.inf)
    wrap_hi = np.full(n_g, np.inf)
    wrap_lo[finite] = (sector_lo[finite] + math.pi) % math.tau - math.pi
    wrap_hi[finite] = (sector_hi[finite] + math.pi) % math.tau - math.pi
    in_wedge_lo = (wrap_lo > frame.alpha1) & (wrap_lo < frame.alpha2)
    in_wedge_hi = (wrap_hi > frame.alpha1) & (wrap_hi < frame.alpha2)
    # groups hidden behind pieces get no events, hence no intervals and nothing seen
    in_wedge_lo &= ~dead
    in_wedge_hi &= ~dead
    gi = np.arange(n_g)
    # (the wedge's limits alpha1 and alpha2 are two of the corners)
    ev_group = np.concatenate(
        [pieces.pg, pieces.pg, gi[in_wedge_lo], gi[in_wedge_hi], np.repeat(gi[~dead], 4)]
    )
    ev_angle = np.concatenate(
        [
            pieces.lo_ang,
            pieces.hi_ang,
            wrap_lo[in_wedge_lo],
            wrap_hi[in_wedge_hi],
            frame.corner_ang[~dead].ravel(),
        ]
    )
    keys, where = _unique_inverse(_key(ev_group, ev_angle))
    k_group = np.floor(keys / _KEY_STRIDE).astype(np.int64)
    k_angle = keys - k_group * _KEY_STRIDE - math.pi
    # the rays at the keys (each interval's two ends); an interval's middle ray is the sum of
    # its two unit end rays (an interval spans less than pi), which saves a cos and a sin
    c, s = cos_sin(k_angle)
    kux, kuy = frame.ux[k_group], frame.uy[k_group]
    rays = (c * kux - s * kuy, c * kuy + s * kux)
    n_p = len(pieces.pg)
    near = _nearest_pieces(pieces, rays, where[:n_p], where[n_p : 2 * n_p])
    return _interval_areas(frame, sector, (k_group, k_angle), rays, near)


class _Nearest(NamedTuple):
    """Per interval, the nearest piece (`_nearest_pieces`); the pieces' lines."""

    wall_mid: FloatArray
    winner: IntArray
    mdx: FloatArray
    mdy: FloatArray
    num: FloatArray
    qex: FloatArray
    qey: FloatArray


def _nearest_pieces(
    pieces: _Pieces, rays: tuple[FloatArray, FloatArray], i0: IntArray, i1: IntArray
) -> _Nearest:
    """Per interval (between consecutive keys), the nearest piece along its middle ray.

    Piece i spans intervals i0[i] .. i1[i]. Returns the distance to the nearest piece and
    that piece per interval, the middle rays, and the pieces' (cross(a, e), ex, ey).
    """
    dxk, dyk = rays
    counts = np.maximum(i1 - i0, 0)
    total = int(counts.sum())
    piece_of = np.repeat(np.arange(len(pieces.pg)), counts)
    first = np.cumsum(counts) - counts
    interval_of = np.repeat(i0, counts) + (np.arange(total) - np.repeat(first, counts))
    qex = pieces.bx - pieces.ax
    qey = pieces.by - pieces.ay
    num = pieces.ax * qey - pieces.ay * qex
    mdx, mdy = dxk[:-1] + dxk[1:], dyk[:-1] + dyk[1:]
    n_int = len(mdx)
    with np.errstate(divide="ignore", invalid="ignore"):  # 0 only across groups: not visible
        m_len = vector_length(mdx, mdy)
        mdx /= m_len
        mdy /= m_len
    denom = mdx[interval_of] * qey[piece_of] - mdy[interval_of] * qex[piece_of]
    with np.errstate(divide="ignore", invalid="ignore"):
        dist = np.where(denom > 0, num[piece_of] / denom, np.inf)
    wall_mid = np.full(n_int, np.inf)
    np.minimum.at(wall_mid, interval_of, dist)
    winner = np.zeros(n_int, dtype=np.int64)
    is_best = dist == wall_mid[interval_of]
    winner[interval_of[is_best]] = piece_of[is_best]
    return _Nearest(wall_mid, winner, mdx, mdy, num, qex, qey)


def _slabs(
    box: Sequence[FloatArray], dx: FloatArray, dy: FloatArray
) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """Box entry and exit along rays (dx, dy), per axis (the slab method)."""
    gx0, gy0, gx1, gy1 = box
    with np.errstate(divide="ignore", invalid="ignore"):
        ax0, ax1 = gx0 / dx, gx1 / dx
        ay0, ay1 = gy0 / dy, gy1 / dy
    ent_x = np.where(dx != 0, np.minimum(ax0, ax1), -np.inf)
    ext_x = np.where(dx != 0, np.maximum(ax0, ax1), np.inf)
    ent_y = np.where(dy != 0, np.minimum(ay0, ay1), -np.inf)
    ext_y = np.where(dy != 0, np.maximum(ay0, ay1), np.inf)
    return ent_x, ext_x, ent_y, ext_y


def _interval_areas(
    frame: _Frame,
    sector: tuple[FloatArray, FloatArray],
    keys: tuple[IntArray, FloatArray],
    rays: tuple[FloatArray, FloatArray],
    near: _Nearest,
) -> FloatArray:
    """Per group, the seen share of its box, summed over its visible intervals.

    An interval sees the part of the box between the box's near side and the nearer of its
    far side and the nearest piece: the difference of two triangles from the point.
    """
    sector_lo, sector_hi = sector
    k_group, k_angle = keys
    dxk, dyk = rays
    wall_mid, winner, mdx, mdy, num, qex, qey = near
    n_int = len(wall_mid)
    same = k_group[:-1] == k_group[1:]
    t0 = k_angle[:-1]
    t1 = k_angle[1:]
    ig = k_group[:-1]
    # the box of each key's group (an interval's is its left key's)
    k_box = [v[k_group] for v in frame.rel_box]
    ent_x, ext_x, ent_y, ext_y = _slabs([v[:-1] for v in k_box], mdx, mdy)
    near_is_x = ent_x >= ent_y
    far_is_x = ext_x <= ext_y
    r_in_mid = np.where(near_is_x, ent_x, ent_y)
    r_out_mid = np.where(far_is_x, ext_x, ext_y)
    use_wall = wall_mid < r_out_mid
    visible = same & (np.where(use_wall, wall_mid, r_out_mid) > r_in_mid)
    # sector rule
    restricted = np.isfinite(sector_lo[ig])
    if restricted.any():
        mid = (t0 + t1) / 2
        lo_safe = np.where(restricted, sector_lo[ig], 0.0)
        span = np.where(restricted, sector_hi[ig] - lo_safe, math.tau)
        rel = (mid - lo_safe) % math.tau
        visible &= ~restricted | ((rel > 0) & (rel < span))
    # the box's sides along the rays at the keys; an interval's right end is its group's next
    # key (across groups: no interval, not visible)
    key_slabs = _slabs(k_box, dxk, dyk)
    if len(num):
        w_num, w_ex, w_ey = num[winner], qex[winner], qey[winner]

    def radial(end: slice) -> tuple[FloatArray, FloatArray]:
        dx, dy = dxk[end], dyk[end]
        e_x, x_x, e_y, x_y = (v[end] for v in key_slabs)
        if len(num):
            with np.errstate(divide="ignore", invalid="ignore"):
                r_wall = w_num / (dx * w_ey - dy * w_ex)
        else:
            r_wall = np.full(n_int, np.inf)
        r_far = np.where(use_wall, r_wall, np.where(far_is_x, x_x, x_y))
        r_near = np.where(near_is_x, e_x, e_y)
        # The point is outside the box or on its outline, so the near side is never behind it;
        # a ray running along a side through the point gives 0 / 0 or -inf there.
        r_near = np.where(np.isnan(r_near), 0.0, np.maximum(r_near, 0.0))
        r_far = np.where(np.isnan(r_far), 0.0, r_far)
        return r_far, r_near

    far0, near0 = radial(slice(None, -1))
    far1, near1 = radial(slice(1, None))
    with np.errstate(invalid="ignore"):
        piece_area = 0.5 * (far0 * far1 - near0 * near1) * cos_sin(t1 - t0)[1]
    piece_area = np.where(visible & np.isfinite(piece_area), np.maximum(piece_area, 0.0), 0.0)
    seen = np.bincount(ig, weights=piece_area, minlength=len(frame.ux))
    result: FloatArray = np.clip(seen / frame.area, 0.0, 1.0)
    return result


# Gaps narrower than this (radians) between pieces in front of a box are rounding, not gaps.
_GAP = 1e-10


def _hidden_behind_front_pieces(
    pg: IntArray,
    lo_ang: FloatArray,
    hi_ang: FloatArray,
    piece: tuple[FloatArray, FloatArray, FloatArray, FloatArray],
    frame: tuple[FloatArray, FloatArray],
    box_rel: tuple[FloatArray, FloatArray, FloatArray, FloatArray],
    alpha1: FloatArray,
    alpha2: FloatArray,
) -> BoolArray:
    """Groups whose whole wedge is covered by pieces lying in front of the box: nothing seen.

    Pieces never cross the box's side lines (they were split there), so a piece is either all
    in front of the box's near side or all behind it: its middle ray tells. Most pairs that see
    nothing (a wall between two rooms) are found here without the interval sweep.
    """
    n_g = len(alpha1)
    dead = np.zeros(n_g, dtype=np.bool_)
    if not len(pg):
        return dead
    qax, qay, qbx, qby = piece
    ux, uy = frame
    gx0, gy0, gx1, gy1 = (v[pg] for v in box_rel)
    mid = (lo_ang + hi_ang) / 2
    c, s = cos_sin(mid)
    dx = c * ux[pg] - s * uy[pg]
    dy = c * uy[pg] + s * ux[pg]
    ex, ey = qbx - qax, qby - qay
    den = dx * ey - dy * ex
    with np.errstate(divide="ignore", invalid="ignore"):
        r_piece = np.where(den > 0, (qax * ey - qay * ex) / den, np.inf)
        ax0, ax1 = gx0 / dx, gx1 / dx
        ay0, ay1 = gy0 / dy, gy1 / dy
    ent_x = np.where(dx != 0, np.minimum(ax0, ax1), -np.inf)
    ent_y = np.where(dy != 0, np.minimum(ay0, ay1), -np.inf)
    r_in = np.maximum(np.maximum(ent_x, ent_y), 0.0)
    front = r_piece <= r_in
    if not front.any():
        return dead
    g = pg[front]
    lo = lo_ang[front]
    hi = hi_ang[front]
    # by group, then by start angle (one float key: groups are 8 apart, angles span 2 pi)
    order = np.argsort(g * _KEY_STRIDE + (lo + math.pi))
    g, lo, hi = g[order], lo[order], hi[order]
    # running furthest reach per group: offset groups so one accumulate never mixes them
    reach = np.maximum.accumulate(g * _KEY_STRIDE + hi) - g * _KEY_STRIDE
    first = np.ones(len(g), dtype=np.bool_)
    first[1:] = g[1:] != g[:-1]
    last = np.ones(len(g), dtype=np.bool_)
    last[:-1] = g[1:] != g[:-1]
    gap = np.zeros(len(g), dtype=np.bool_)
    gap[1:] = ~first[1:] & (lo[1:] > reach[:-1] + _GAP)
    gap |= first & (lo > alpha1[g] + _GAP)
    gap |= last & (reach < alpha2[g] - _GAP)
    has_gap = np.zeros(n_g, dtype=np.bool_)
    has_gap[g[gap]] = True
    covered_groups = g[first]  # g is sorted
    dead[covered_groups] = ~has_gap[covered_groups]
    return dead
