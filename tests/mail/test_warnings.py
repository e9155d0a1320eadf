"""The answer to accepted orders carries the game's warnings: a loyalty that changes, a question to come."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from games.pax.market import occupied
from games.pax_expanse import cards as px_cards
from games.pax_pamir import names, queries
from games.pax_pamir.rules import RULES
from pbem import batch, game_yaml, intake, store
from pbem.cli import main
from pbem.orders import render
from pbem.store import GameDir
from pbem.warnings import HEADING, WIDTH

from .conftest import Site
from .mails import order_mail, order_text
from .test_handle import body, outbox, send

SEATS = [game_yaml.Seat("anna", "anna@example.org"), game_yaml.Seat("ben", "ben@example.org")]


def first_turn(root: Path, seed: str = "warn-1") -> tuple[GameDir, dict[str, str]]:
    """A two-player Pax Pamir game whose seats both chose British loyalty: the first turn is due; the tokens."""
    gd, tokens = store.create(root / "pp", "pax-pamir", seed, SEATS)
    with gd.lock():
        while gd.state().phase == "loyalty":
            (prompt,) = gd.game.prompts(gd.state())
            header = {"game": "pp", "seat": prompt.seat, "step": gd.current_step() + 1}
            intake.submit(gd, render(header, "loyalty: british\n"), "test")
            batch.resolve_ready(gd)
    return gd, tokens


def patriot_turn(gd: GameDir) -> tuple[str, str, int]:
    """The seat whose turn it is, and an order body buying and playing a non-British patriot; its card."""
    state = gd.state()
    seat = state.current
    for row, column, number in occupied(state):
        if (not queries.is_event(number) and queries.court_card(number).patriot not in (None, "british")
                and RULES.purchase_cost(state, seat, row, column) <= state.players[seat].rupees):
            text = (f"actions:\n  - action: purchase\n    row: {row + 1}\n    column: {column + 1}\n"
                    f"  - action: play\n    card: {number}\n    side: left\n")
            return seat, text, number
    raise AssertionError("this seed's market offers no affordable foreign patriot: choose another seed")


def test_the_accepted_answer_says_the_loyalty_changes(offline: Site) -> None:
    gd, tokens = first_turn(offline.root)
    seat, orders, card = patriot_turn(gd)
    coalition = queries.court_card(card).patriot
    text = order_text("pp", seat, gd.current_step() + 1, tokens[seat], orders)
    outcome = send(offline, order_mail(text, sender=f"{seat}@example.org"))
    assert outcome.status == "accepted"
    [reply] = outbox(Site(offline.root, gd, tokens, offline.settings, None, None))
    answer = body(reply)
    assert "Your orders were ACCEPTED." in answer and HEADING in answer
    flat = " ".join(line.strip() for line in answer.splitlines())
    assert f"changes your loyalty from British to {names.coalition(coalition)}" in flat
    after = answer.split(HEADING)[1].splitlines()[1:]
    warnings = after[:next(i for i, line in enumerate(after) if not line.startswith(("- ", "  ")))]
    assert warnings[0].startswith("- ") and all(len(line) <= WIDTH for line in warnings), warnings


def test_orders_without_consequences_get_no_warnings(offline: Site) -> None:
    outcome = send(offline, order_mail(order_text("g1", "anna", 1, offline.tokens["anna"], "pick: 1\n")))
    assert outcome.status == "accepted"
    assert HEADING not in body(outbox(offline)[0])


def test_pbem_submit_prints_the_warnings(tmp_path: Path) -> None:
    gd, _ = first_turn(tmp_path)
    seat, orders, card = patriot_turn(gd)
    path = tmp_path / "orders.yaml"
    path.write_text(render({"game": "pp", "seat": seat, "step": gd.current_step() + 1}, orders), encoding="utf-8")
    result = CliRunner().invoke(main, ["submit", str(gd.root), str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith(f"accepted orders of {seat} for step {gd.current_step() + 1}")
    assert lines[1] == HEADING
    assert f"{queries.court_card(card).name} ({card})" in result.output
    assert "changes your loyalty from British to" in " ".join(line.strip() for line in lines[2:])


def test_pbem_check_prints_the_warnings_of_valid_orders_and_keeps_nothing(tmp_path: Path) -> None:
    gd, _ = first_turn(tmp_path)
    seat, orders, _card = patriot_turn(gd)
    path = tmp_path / "orders.yaml"
    path.write_text(render({"game": "pp", "seat": seat, "step": gd.current_step() + 1}, orders), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(gd.root), str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith("are valid") and lines[1] == HEADING
    assert "changes your loyalty from British to" in " ".join(line.strip() for line in lines[2:])
    assert gd.pending() == {}


def test_the_accepted_answer_says_how_each_word_was_read(offline: Site) -> None:
    gd, tokens = first_turn(offline.root)
    seat, orders, _card = patriot_turn(gd)
    written = orders.replace("action: purchase", "action: Purchase").replace("side: left", "side: LEFT")
    outcome = send(offline, order_mail(order_text("pp", seat, gd.current_step() + 1, tokens[seat], written),
                                       sender=f"{seat}@example.org"))
    assert outcome.status == "accepted"
    [reply] = outbox(Site(offline.root, gd, tokens, offline.settings, None, None))
    answer = body(reply)
    assert "- `Purchase` is read as `purchase`." in answer and "- `LEFT` is read as `left`." in answer
    # The archive keeps the order as it was sent.
    assert "action: Purchase" in gd.pending()[seat]


def test_pbem_check_and_submit_say_how_each_word_was_read(tmp_path: Path) -> None:
    gd, _ = first_turn(tmp_path)
    seat, orders, _card = patriot_turn(gd)
    path = tmp_path / "orders.yaml"
    written = orders.replace("action: play", "action: Play")
    path.write_text(render({"game": "pp", "seat": seat, "step": gd.current_step() + 1}, written), encoding="utf-8")
    for command in ("check", "submit"):
        result = CliRunner().invoke(main, [command, str(gd.root), str(path)])
        assert result.exit_code == 0, result.output
        assert "- `Play` is read as `play`." in result.output.splitlines()


# --- Pax Expanse: the same answer, through the shared Pax kernel's warnings --------------------------------------

PX_SEATS = [*SEATS, game_yaml.Seat("cleo", "cleo@example.org")]


def expanse_first_turn(root: Path, seed: str = "warn-px") -> tuple[GameDir, dict[str, str]]:
    """A three-player Pax Expanse game whose seats all chose the UN in secret: the first turn is due; the tokens."""
    gd, tokens = store.create(root / "px", "pax-expanse", seed, PX_SEATS)
    with gd.lock():
        for seat in gd.state().due_seats():
            header = {"game": "px", "seat": seat, "step": gd.current_step() + 1}
            intake.submit(gd, render(header, "loyalty: un\n"), "test")
        batch.resolve_ready(gd)
    assert gd.state().phase == "turns"
    return gd, tokens


def loyalist_turn(gd: GameDir) -> tuple[str, str, int]:
    """The seat whose turn it is, and a valid order buying and playing a loyalist of another faction; its card."""
    state = gd.state()
    seat = state.current
    for row, column, number in occupied(state):
        asset = px_cards.assets().get(number)
        if asset is None or asset.loyalist in (None, "un"):
            continue
        text = (f"actions:\n  - action: purchase\n    row: {row + 1}\n    column: {column + 1}\n"
                f"  - action: play\n    card: {number}\n    side: left\n")
        body_ = {"actions": [{"action": "purchase", "row": row + 1, "column": column + 1},
                             {"action": "play", "card": number, "side": "left"}]}
        if gd.game.check(state, seat, body_) == []:
            return seat, text, number
    raise AssertionError("this seed's market offers no affordable loyalist of another faction: choose another seed")


def test_pax_expanse_the_accepted_answer_says_the_loyalty_changes(offline: Site) -> None:
    gd, tokens = expanse_first_turn(offline.root)
    seat, orders, _card = loyalist_turn(gd)
    text = order_text("px", seat, gd.current_step() + 1, tokens[seat], orders)
    outcome = send(offline, order_mail(text, sender=f"{seat}@example.org"))
    assert outcome.status == "accepted"
    [reply] = outbox(Site(offline.root, gd, tokens, offline.settings, None, None))
    answer = body(reply)
    assert "Your orders were ACCEPTED." in answer and HEADING in answer
    flat = " ".join(line.strip() for line in answer.splitlines())
    assert "changes your loyalty from the United Nations to the" in flat
    after = answer.split(HEADING)[1].splitlines()[1:]
    warnings = after[:next(i for i, line in enumerate(after) if not line.startswith(("- ", "  ")))]
    assert warnings[0].startswith("- ") and all(len(line) <= WIDTH for line in warnings), warnings


def test_pax_expanse_pbem_submit_prints_the_warnings(tmp_path: Path) -> None:
    gd, _ = expanse_first_turn(tmp_path)
    seat, orders, card = loyalist_turn(gd)
    path = tmp_path / "orders.yaml"
    path.write_text(render({"game": "px", "seat": seat, "step": gd.current_step() + 1}, orders), encoding="utf-8")
    result = CliRunner().invoke(main, ["submit", str(gd.root), str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith(f"accepted orders of {seat} for step {gd.current_step() + 1}")
    assert lines[1] == HEADING
    flat = " ".join(line.strip() for line in lines[2:])
    assert f"{px_cards.assets()[card].name} ({card})" in flat
    assert "changes your loyalty from the United Nations to the" in flat


def test_pax_expanse_pbem_check_prints_the_warnings_and_keeps_nothing(tmp_path: Path) -> None:
    gd, _ = expanse_first_turn(tmp_path)
    seat, orders, _card = loyalist_turn(gd)
    path = tmp_path / "orders.yaml"
    path.write_text(render({"game": "px", "seat": seat, "step": gd.current_step() + 1}, orders), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(gd.root), str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith("are valid") and lines[1] == HEADING
    assert "changes your loyalty from the United Nations to the" in " ".join(line.strip() for line in lines[2:])
    assert gd.pending() == {}
