"""Checks that a procedure's declared graph is well formed, when the procedure is built.

A broken graph (an edge to nowhere, a box without a function, an unreachable node) would
only show up in the middle of some rare attack; checking at import time makes it fail at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from guerra.rules.flowchart import Procedure


def check_graph(procedure: Procedure[Any, Any]) -> None:
    from guerra.rules.flowchart import FlowchartError, NodeKind

    problems: list[str] = []
    ids = [node.id for node in procedure.nodes]
    if len(ids) != len(set(ids)):
        problems.append("duplicate node ids")
    known = set(ids)
    if procedure.start_node not in known:
        problems.append(f"start node {procedure.start_node!r} is not a node")
    pairs = [(edge.source, edge.target) for edge in procedure.edges]
    if len(pairs) != len(set(pairs)):
        problems.append("duplicate edges")
    for source, target in pairs:
        if source not in known or target not in known:
            problems.append(f"edge {source!r} -> {target!r} names an unknown node")
    kinds = {node.id: node.kind for node in procedure.nodes}
    for escape in procedure.escapes:
        if kinds.get(escape) is not NodeKind.END:
            problems.append(f"escape {escape!r} is not an end node")
    for node in procedure.nodes:
        outgoing = [edge for edge in procedure.edges if edge.source == node.id]
        if node.kind is NodeKind.END and outgoing:
            problems.append(f"end node {node.id!r} has outgoing edges")
        if node.kind is not NodeKind.END and not outgoing:
            problems.append(f"node {node.id!r} leads nowhere")
        if node.kind is NodeKind.DECISION and not node.awaits:
            problems.append(f"decision {node.id!r} does not say whom it awaits")
        if node.kind is not NodeKind.DECISION and node.awaits:
            problems.append(f"node {node.id!r} awaits nobody but names {node.awaits!r}")
        if (node.kind is NodeKind.ROLL) != (node.dice > 0 or node.dice_from_state):
            problems.append(f"node {node.id!r}: only dice boxes roll dice")
        if not procedure.has_box(node):
            problems.append(f"node {node.id!r} has no box function")
    extra = procedure.box_ids() - known
    if extra:
        problems.append(f"box functions for unknown nodes: {sorted(extra)}")
    reached = {procedure.start_node, *procedure.escapes}
    frontier = [procedure.start_node]
    while frontier:
        current = frontier.pop()
        for source, target in pairs:
            if source == current and target not in reached:
                reached.add(target)
                frontier.append(target)
    if known - reached:
        problems.append(f"unreachable nodes: {sorted(known - reached)}")
    if problems:
        raise FlowchartError(f"{procedure.name}: " + "; ".join(problems))
