"""The web archive in a real browser: headless Chromium driven by Selenium, served over HTTP and from disk.

Follows every link of the finished games' site (no dead link, no console error) and keeps screenshots of
the index, a public step and a private step at phone and desktop widths (in PBEM_SCREENSHOTS, or the
test's temporary folder).
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from urllib.parse import quote, urldefrag, urljoin, urlsplit

import pytest

from pbem.site import seat_folder, slug
from pbem.store import GameDir, open_game

webdriver = pytest.importorskip("selenium.webdriver")

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # starts Chromium and loads every page of the site

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
#: The page's title, and the resolved target of every element a CSS selector picks (as the browser resolves an
#: anchor's href), in one call.
TITLE_AND_LINKS = ("return [document.title, "
                   "Array.from(document.querySelectorAll(arguments[0]), element => element.href)]")
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    """Headless Chromium with its console log readable; closed networking flags keep it off the Internet."""
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        if os.environ.get("CI"):  # `make test` installs them: in CI a missing browser is a failure, not a skip
            pytest.fail("chromium and chromium-driver are not installed although CI is set")
        pytest.skip("chromium and chromium-driver are not installed (make test installs them)")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-quic", "--allow-file-access-from-files"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The site served by Python's own web server on loopback."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # the standard library's signature
        pass


def _problems(driver: webdriver.Chrome) -> list[str]:
    """Console messages at warning level or worse since the last call (a failed load shows up here too)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


def test_every_link_of_the_site_loads_without_a_console_error(
        browser: webdriver.Chrome, served: str, site: Path, games_root: Path) -> None:
    """From the index and from each seat's private history (its capability link, as mailed): every page, log and
    feed reached, every link followed. Feeds are not pages: their links are read from the Atom and followed."""
    seen: set[str] = set()
    games = [open_game(folder) for folder in sorted(games_root.iterdir()) if (folder / "game.yaml").is_file()]
    for _ in crawl(browser, served, starts(served, games), seen):
        pass
    assert len(seen) > 50  # index, game pages, every public step and every private history of three games
    for game in ("solo", "x5"):  # the replay's pages: the logs and the feeds, public and private
        gd = open_game(games_root / game)
        for folder in ["", *(f"{seat_folder(gd, seat)}/" for seat in gd.meta.seat_names)]:
            for name in ("log.html", "feed.xml"):
                assert urljoin(served, f"{game}/{folder}{name}") in seen, (game, folder, name)


def starts(served: str, games: Iterable[GameDir]) -> list[str]:
    """Where a crawl of the site begins: its index and each seat's private history (its capability link)."""
    return [urljoin(served, "index.html")] + [urljoin(served, f"{quote(slug(gd.name))}/{seat_folder(gd, seat)}/index.html")
                                              for gd in games for seat in gd.meta.seat_names]


def crawl(browser: webdriver.Chrome, served: str, begin: list[str], seen: set[str],
          links: str = "a[href]") -> Iterator[str]:
    """Every page reached from `begin` by the elements `links` selects, each URL added to `seen`: each page is
    loaded (a title that is no error page, no console message) and yielded while the browser shows it; a feed's
    links are read from its Atom. No link leads out of the site."""
    queue = list(begin)
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        if url.endswith(".xml"):
            queue += _feed_links(url, served)
            continue
        browser.get(url)
        # One script call for the title and the page's links: a call per anchor was most of the crawl's time.
        title, hrefs = browser.execute_script(TITLE_AND_LINKS, links)
        assert title and "404" not in title and "Error" not in title, url
        assert _problems(browser) == [], url
        yield url
        for found in hrefs:
            href = urldefrag(found or "").url
            assert href.startswith(served), f"{url} links out of the site: {href}"
            queue.append(href)


def _feed_links(url: str, served: str) -> list[str]:
    """The links of an Atom feed served at `url`, each resolved against it (the feed is fetched, and parsed)."""
    import urllib.request
    import xml.etree.ElementTree as ET

    with urllib.request.urlopen(url, timeout=10) as answer:  # a loopback URL of the test's own server
        assert answer.status == 200 and "xml" in answer.headers.get("Content-Type", ""), url
        feed = ET.fromstring(answer.read())
    hrefs = [urljoin(url, link.get("href") or "") for link in feed.iter("{http://www.w3.org/2005/Atom}link")]
    assert hrefs and all(href.startswith(served) for href in hrefs), url
    return hrefs


def test_the_site_opens_from_disk(browser: webdriver.Chrome, site: Path, games_root: Path) -> None:
    from selenium.webdriver.common.by import By

    browser.get((site / "index.html").as_uri())
    browser.find_element(By.LINK_TEXT, "x5").click()
    browser.find_element(By.PARTIAL_LINK_TEXT, "Start from the setup").click()
    assert urlsplit(browser.current_url).path.endswith("/x5/steps/0000.html")
    browser.find_element(By.CSS_SELECTOR, 'a[rel="next"]').click()
    assert urlsplit(browser.current_url).path.endswith("/x5/steps/0001.html")
    browser.find_element(By.CSS_SELECTOR, "details.jump summary").click()  # the jump list opens without script
    last = len(open_game(games_root / "x5").steps()) - 1
    browser.find_element(By.LINK_TEXT, str(last)).click()
    assert urlsplit(browser.current_url).path.endswith(f"/x5/steps/{last:04d}.html")
    assert _problems(browser) == []


def test_screenshots_at_phone_and_desktop_widths(
        browser: webdriver.Chrome, served: str, games_root: Path, tmp_path: Path) -> None:
    out = Path(os.environ.get("PBEM_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    gd = open_game(games_root / "solo")
    pages = {
        "index": "index.html",
        "public-step": "solo/steps/0003.html",
        "private-step": f"solo/{seat_folder(gd, 'anna')}/0003.html",
        "game-with-chart": "solo/index.html",
        "log": "solo/log.html",
        "private-log": f"solo/{seat_folder(gd, 'anna')}/log.html",
    }
    for width_name, (width, height) in WIDTHS.items():
        browser.set_window_size(width, height)
        for page_name, path in pages.items():
            browser.get(urljoin(served, path))
            # The page itself never scrolls sideways: wide boards scroll inside their own box.
            overflow = browser.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 1, f"{page_name} at {width_name} width is {overflow}px too wide"
            shot = out / f"{page_name}-{width_name}.png"
            assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 5_000
    assert _problems(browser) == []
