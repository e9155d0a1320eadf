"""A mail's paragraph is one line of its text: the flowed body (pbem.mail.flowed) breaks it to fit, and a phone or
any client that knows format=flowed joins the pieces and wraps them to its width. A paragraph broken by hand in
mid-sentence shows there as a ragged line ("... or as a .yaml" / "attachment. You may ..."), so none is. The
welcome mail's HTML wraps its prose too, and draws its order example as a report draws its order form."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

from pbem.mail import compose
from pbem.mail.notices import EXAMPLE_INDENT, _welcomed_html, policy_lines
from pbem.mail.policy import MailChoice

ROOT = Path(__file__).resolve().parents[2]
#: A line this long that ends in mid-sentence was broken by hand, not a short item of a list.
LONG = 40
ENDINGS = (".", ":", "?", "!", ")")


def _text(node: ast.expr) -> str | None:
    """A string literal's text, an f-string's with its fields left blank; None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "{}" for part in node.values)
    return None


def broken_paragraphs(path: Path) -> list[str]:
    """The places in `path` where a list of lines goes on with a lower-case word after a long line that ends in
    mid-sentence: one paragraph written as two lines of a mail."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.List | ast.Tuple):
            continue
        for first, second in itertools.pairwise(node.elts):
            line, then = _text(first), _text(second)
            if (line and then and len(line) >= LONG and not line.rstrip().endswith(ENDINGS)
                    and then[:1].islower()):
                found.append(f"{path.name}:{first.lineno}: {line[-30:]!r} / {then[:30]!r}")
    return found


def test_no_mail_text_breaks_a_paragraph_in_mid_sentence() -> None:
    found = [place for path in sorted((ROOT / "pbem").rglob("*.py")) for place in broken_paragraphs(path)]
    assert not found, found


def test_the_finder_sees_a_paragraph_broken_by_hand(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('lines = ["Send your orders as the text of the mail, or as a .yaml",\n'
                      '         "attachment. You may answer a report mail."]\n', encoding="utf-8")
    assert len(broken_paragraphs(sample)) == 1


def test_how_to_change_the_mail_policy_is_one_line_of_the_mail() -> None:
    text = compose.wrap(policy_lines(MailChoice("every", True)))
    [how] = [line for line in text.split("\n") if line.startswith("To change it")]
    assert how.endswith("(or 'attach: none').")


def test_the_welcome_html_draws_its_order_example_as_the_order_form() -> None:
    text = compose.wrap(["Welcome to game g1.", "", "Your orders for the next step, to fill in:", "",
                         f"{EXAMPLE_INDENT}game: g1", f"{EXAMPLE_INDENT}# a <comment>", "", "To change your orders, ..."])
    shown = _welcomed_html("<html><body><p>report</p></body></html>", text)
    assert shown.startswith("<html><body><pre class=\"welcome\"") and shown.endswith("<p>report</p></body></html>")
    assert ('<pre class="order"><span class="line">game: g1</span>\n<span class="line"># a &lt;comment&gt;</span>\n'
            "</pre>") in shown
    assert shown.count('<pre class="welcome"') == 2 and "fill in:</pre>" in shown
