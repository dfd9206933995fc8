"""The map's geometry (read/map_layout.py), without a database: outlines read from SVG paths,
points inside them, where a region's words fit, the grid of regions without an outline. (The
board page's own tests, test_board.py, check the map as drawn.)"""

from __future__ import annotations

from guerra.game.read.map_layout import FIT_SCALES, grid_box, inside, outline, placement

SQUARE = "M0,0 H100 V100 H0 Z"


def test_an_outline_of_lines_is_its_corners():
    assert outline(SQUARE) == [(0, 0), (100, 0), (100, 100), (0, 100)]
    assert outline("M10,20 L30,40 L50,20 Z") == [(10, 20), (30, 40), (50, 20)]


def test_a_curve_is_flattened_into_eight_points_ending_where_it_ends():
    points = outline("M0,0 Q50,100 100,0")
    assert len(points) == 1 + 8
    assert points[-1] == (100, 0)
    assert points[4] == (50, 50)  # halfway along, a quadratic is halfway up its control point


def test_a_command_short_of_numbers_is_dropped_and_the_rest_read():
    assert outline("M0,0 L10 L20,0 Q5,5 Z") == [(0, 0), (20, 0)]


def test_a_point_is_inside_a_closed_outline_or_not():
    square = outline(SQUARE)
    assert inside(square, 50, 50)
    assert not inside(square, 150, 50)
    assert not inside(square, 50, -1)


def test_words_that_fit_are_placed_at_full_size_around_the_label():
    box = ((-20.0, 0.0, 20.0, 14.0),)
    index, scale, top, fits = placement(SQUARE, 50, 50, (box,))
    assert (index, scale, fits) == (0, 1.0, True)
    assert top == 43  # centred on the label: 50 - 14 / 2


def test_words_too_wide_for_the_outline_shrink_to_the_smallest_size_and_say_so():
    box = ((-500.0, 0.0, 500.0, 14.0),)
    index, scale, _top, fits = placement(SQUARE, 50, 50, (box,))
    assert (index, scale, fits) == (0, FIT_SCALES[-1], False)


def test_the_second_layout_is_taken_when_only_it_fits():
    wide = ((-60.0, 0.0, 60.0, 14.0),)
    narrow = ((-30.0, 0.0, 30.0, 30.0),)
    assert placement(SQUARE, 50, 50, (wide, narrow))[:2] == (1, 1.0)


def test_regions_without_an_outline_are_boxes_of_a_four_column_grid():
    path, x, y = grid_box(5)  # second row, second column
    assert path == "M250,160 h220 v130 h-220 Z"
    assert (x, y) == (360, 225)
