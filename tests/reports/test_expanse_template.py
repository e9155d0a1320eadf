"""Pax Expanse's order template: the next order pre-filled, the legal choices listed, no line over 72 columns,
and the template as sent is itself an order the game accepts."""

from __future__ import annotations

from typing import Any

from ruamel.yaml import YAML

from engine.rng import Rng
from games.pax.template import WIDTH
from games.pax_expanse import cards, queries
from games.pax_expanse.game import PaxExpanse
from games.pax_expanse.state import GameState
from games.pax_expanse.template import order_template

GAME = PaxExpanse()
SEATS = ["chris", "robin", "mel"]


def fresh() -> GameState:
    """A game just set up: every seat owes its secret starting loyalty."""
    return GAME.setup(SEATS, {}, Rng.for_step("expanse-template", 0))


def revealed() -> GameState:
    """The loyalties revealed: the first player's turn."""
    state = fresh()
    chosen = dict(zip(state.order, ("mcr", "un", "opa"), strict=True))
    return GAME.apply(state, {s: {"loyalty": f} for s, f in chosen.items()}, Rng.for_step("expanse-template", 1)).state


def parsed(template: str) -> dict[str, Any]:
    body = YAML(typ="safe").load(template)
    assert isinstance(body, dict)
    return body


def flat(template: str) -> str:
    """The template's text with comment wrapping undone, to search for phrases across lines."""
    return " ".join(" ".join(line.lstrip("#").strip() for line in template.splitlines()).split())


def assert_narrow(template: str) -> None:
    assert max(len(line) for line in template.splitlines()) <= WIDTH, template


def test_starting_loyalty_template_lists_the_three_factions_and_is_accepted() -> None:
    """Starting Loyalty: each player secretly chooses one of their three loyalty cards."""
    state = fresh()
    for seat in SEATS:
        template = order_template(state, seat)
        assert_narrow(template)
        for faction in cards.board().factions:
            assert f"{faction.id} ({faction.name})" in flat(template)
        assert GAME.check(state, seat, parsed(template)) == []


def test_turn_template_lists_purchases_with_their_cost_and_is_accepted() -> None:
    """Purchase: the leftmost column is free, the next costs one influence, then two, and so on."""
    state = revealed()
    seat = state.current
    template = order_template(state, seat)
    assert_narrow(template)
    assert "\n#- {action: purchase, row: 1, column: 1}\n" in template
    first = state.market[0][0]
    assert first is not None and f"row 1, column 1: {cards.card(first).name} ({first}), free" in flat(template)
    assert "\nactions:\n" in template
    assert GAME.check(state, seat, parsed(template)) == []


def test_turn_template_lists_the_hand_with_bribes_transports_and_agents() -> None:
    """Play: a bribe to the region's controller; impact icons need a border per transport and an asset per
    agent."""
    state = revealed()
    seat = state.current
    with_icons = next(n for n, a in cards.assets().items()
                      if not a.crew and "transport" in a.impact and "agent" in a.impact)
    state.players[seat].hand = [with_icons]
    region = cards.assets()[with_icons].region
    other = next(s for s in state.order if s != seat)
    state.supporters[region] = {other: 2}
    text = order_template(state, seat)
    template = flat(text)
    # The ready entry pays the whole bribe and takes the first border; its note names the other borders.
    first = queries.borders_of(region)[0]
    assert (f"\n#- action: play\n#  card: {with_icons}\n#  side: right\n#  bribe: 2\n#  transports: [{first}]\n"
            in text)
    assert f"{other} controls {cards.board().region_names[region]} and may ask a bribe of at most 2" in template
    assert f"transports: one of {', '.join(queries.borders_of(region))}" in template
    assert_narrow(text)


def test_answer_template_offers_the_question_s_choices_and_is_accepted() -> None:
    """A bribe asked of the region's controller pauses the turn; the controller's template answers it."""
    state = revealed()
    seat = state.current
    number = next(n for n in state.market[0] + state.market[1]
                  if n is not None and n in cards.assets() and not cards.assets()[n].crew)
    state.players[seat].hand = [number]
    region = cards.assets()[number].region
    other = next(s for s in state.order if s != seat)
    state.supporters[region] = {other: 2}
    paused = GAME.apply(state, {seat: {"actions": [{"action": "play", "card": number, "side": "right"}]}},
                        Rng.for_step("expanse-template", 2)).state
    assert paused.paused is not None, "the play should wait for the controller's bribe"
    asked = paused.paused.seats()[0]
    template = order_template(paused, asked)
    assert_narrow(template)
    assert "Choices:" in template and "answer:" in template
    assert GAME.check(paused, asked, parsed(template)) == []


def test_a_seat_that_owes_nothing_may_still_give_standing_orders() -> None:
    state = revealed()
    idle = [s for s in SEATS if s != state.current]
    assert len(idle) == 2
    for seat in idle:
        template = order_template(state, seat)
        assert template.startswith("# Nothing is due from you now")
        assert "bribe:" in template
        assert_narrow(template)


def test_template_speaks_pax_expanse() -> None:
    state = revealed()
    text = order_template(state, state.current).lower()
    for word in ("rupee", "court", "tribe", "army", "road", "coalition", "favored", "climate_war"):
        assert word not in text, word


def test_turn_template_lists_each_assets_card_actions_with_their_choices() -> None:
    """Card-Based Actions: each asset in the Network once per turn; assets of the climate's suit act as bonus
    actions."""
    state = revealed()
    seat = state.current
    network: list[int] = []
    for action in ("extort", "favour", "rally", "mobilise", "eliminate", "combat"):
        network.append(next(n for n, a in sorted(cards.assets().items())
                            if action in a.actions and n not in network and not a.crew))
    state.players[seat].network = network
    state.players[seat].influence = 9
    template = order_template(state, seat)
    assert_narrow(template)
    for number in network:
        asset = cards.assets()[number]
        assert f"{asset.name} ({number})" in flat(template)
        for action in asset.actions:
            ready = f"#- {{action: {action}, card: {number}," in template or f"#- action: {action}\n#  card: {number}\n" in template
            assert ready or f"{action}: not now;" in flat(template), (number, action)
    favoured = [n for n in network if cards.assets()[n].suit == queries.favoured_suit(state)]
    assert all(f"({n}), a bonus action" in flat(template) for n in favoured)
    assert GAME.check(state, seat, parsed(template)) == []
