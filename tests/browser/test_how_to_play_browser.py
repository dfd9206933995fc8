""""Come si gioca" in a browser: on a phone (390 px) and a desktop the rules page and each combat
system's whole flowchart fit the window, every target a finger taps is 44 px, and the index takes
the reader to its section."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from guerra.settings import GUERRA_PROCEDURES as SHIPPED
from tests.browser.test_phone_browser import (
    DESKTOP,
    PHONE,
    SMALL_TARGETS,
    inner_scrollers,
    sideways,
)


@pytest.fixture
def reader(browser: Browser, live_server_url: str,
           transactional_db: None) -> Iterator[dict[str, Page]]:
    """An anonymous reader on a phone and on a desktop: the rules need no account."""
    contexts: list[BrowserContext] = []
    pages: dict[str, Page] = {}
    device: dict[str, Any]
    for name, device in (("phone", PHONE), ("desktop", DESKTOP)):
        context = browser.new_context(base_url=live_server_url, **device)
        contexts.append(context)
        pages[name] = context.new_page()
    yield pages
    for context in contexts:
        context.close()


def test_the_rules_and_each_flowchart_fit_a_phone_and_a_desktop(reader, shot):
    urls = {"rules": "/come-si-gioca/"}
    # The server runs the real settings: the combat systems they ship (tests/settings.py's toy
    # procedure is the main run's own).
    urls.update({f"flowchart-{name}": f"/come-si-gioca/diagramma/{name}/" for name in SHIPPED})
    faults: dict[str, object] = {}
    for name, url in urls.items():
        for device, page in reader.items():
            assert page.goto(url).status == 200
            shot(page, f"{name}-{device}")
            if sideways(page) > 0:
                faults[f"{name}-{device}: wider by"] = sideways(page)
            if device == "phone":
                if inner_scrollers(page):
                    faults[f"{name}: scrolls inside"] = inner_scrollers(page)
                if small := page.evaluate(SMALL_TARGETS):
                    faults[f"{name}: small targets"] = small
    assert faults == {}


def test_the_index_takes_the_reader_to_the_attack_section(reader):
    page = reader["phone"]
    page.goto("/come-si-gioca/")
    page.locator(".toc").get_by_role("link", name="L'attacco").click()
    page.wait_for_url("**/come-si-gioca/#attacco")
    heading = page.locator("#attacco h2")
    box = heading.bounding_box()
    assert box is not None and 0 <= box["y"] < 200, box
