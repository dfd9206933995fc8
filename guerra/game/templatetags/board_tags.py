"""Small helpers of the board's templates."""

from __future__ import annotations

from collections.abc import Mapping

from django import template

register = template.Library()


@register.filter
def get_item(mapping: Mapping[object, object], key: object) -> object:
    """`{{ board.region_actions|get_item:r.region.pk }}`: a value by key, or None."""
    return mapping.get(key) if isinstance(mapping, Mapping) else None
