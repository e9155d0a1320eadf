"""The rulebook's "The Rocinante", "Attacking the Rocinante" and "Rocinante Assets", as ROCINANTE.md "Its turn"
resolves them: the face-up card, top or bottom action (both for James Holden), movement unless damaged, discard,
reshuffle from the game's random stream, repair."""

from __future__ import annotations

from px_helpers import position, put

from engine.rng import Rng
from games.pax.context import Context
from games.pax_expanse import queries
from games.pax_expanse.game import PaxExpanse
from games.pax_expanse.rocinante import take_turn
from games.pax_expanse.rocinante.effects import move_rocinante
from games.pax_expanse.round import end_round
from games.pax_expanse.state import GameState
from games.pax_expanse.view import view


def _table(deck: list[int], region: str = "mars") -> GameState:
    state = position(loyalty={"anna": "mcr", "ben": "un", "cleo": "opa"})
    for seat, points in (("anna", 5), ("ben", 3), ("cleo", 1)):
        state.players[seat].vp = points
    state.rocinante.region = region
    state.rocinante.deck = list(deck)
    state.rocinante.discard = sorted(set(range(1, 25)) - set(deck))
    return state


def _kinds(events: list) -> list[str]:  # type: ignore[type-arg]
    return [str(e.data.get("kind")) for e in events]


def test_the_rocinante_performs_the_top_action_when_it_can() -> None:
    state = _table([13, 1])  # Alex: Strafing Run / Escort Duty, to Mars
    put(state, "fleets", "mars", "un", 2)
    events = take_turn(state, Rng("t"))
    assert state.fleets == {}
    assert [e.data["action"] for e in events if e.data.get("kind") == "rocinante-action"] == ["alex_strafing_run"]


def test_the_rocinante_performs_the_bottom_action_only_if_the_top_cannot_be_resolved() -> None:
    state = _table([13, 1])
    put(state, "fleets", "mars", "opa", 2)  # only the trailing player's faction has fleets: nothing to strafe
    events = take_turn(state, Rng("t"))
    assert state.fleets == {"mars": {"opa": 3}}
    performed = [e for e in events if e.data.get("kind") == "rocinante-action"]
    assert [e.data["action"] for e in performed] == ["alex_escort"]
    assert "the bottom action, as the top one (Strafing Run) cannot be resolved" in performed[0].text


def test_nothing_happens_when_neither_action_can_be_resolved() -> None:
    state = _table([9, 1])  # Amos: Clean Up the Mess / Break Some Heads
    before = state.clone()
    events = take_turn(state, Rng("t"))
    assert "rocinante-action" not in _kinds(events)
    assert any(e.text.startswith("Nothing happens: Amos Burton can resolve neither") for e in events)
    assert (state.supporters, state.players) == (before.supporters, before.players)


def test_a_single_action_card_has_no_alternative() -> None:
    state = _table([12, 1])  # Amos: Break Some Heads only
    events = take_turn(state, Rng("t"))
    assert any("the card's only action" in e.text for e in events)


def test_james_holdens_cards_perform_both_actions_top_to_bottom() -> None:
    state = _table([1, 2])  # Holden: Open Broadcast, then Rally the Crowd
    put(state, "supporters", "mars", "anna", 1)
    events = take_turn(state, Rng("t"))
    assert state.supporters == {"mars": {"cleo": 1}}
    assert [e.data["action"] for e in events if e.data.get("kind") == "rocinante-action"] == [
        "holden_broadcast", "holden_rally_the_crowd"]


def test_james_holdens_unresolvable_action_is_skipped_and_the_next_still_performed() -> None:
    state = _table([1, 2])
    events = take_turn(state, Rng("t"))
    assert [e.data["action"] for e in events if e.data.get("kind") == "rocinante-skip"] == ["holden_broadcast"]
    assert state.supporters == {"mars": {"cleo": 1}}


def test_the_rocinante_moves_to_the_cards_location_and_its_crew_assets_follow() -> None:
    state = _table([14, 1])  # Alex, to the Belt
    assert queries.asset_region(state, 99) == "mars"
    take_turn(state, Rng("t"))
    assert state.rocinante.region == "belt"
    assert queries.asset_region(state, 99) == "belt"


def test_the_crew_acts_before_moving_in_the_region_it_started_in() -> None:
    state = _table([14, 1])  # Escort Duty places in Mars, then the token moves to the Belt
    take_turn(state, Rng("t"))
    assert state.fleets == {"mars": {"opa": 1}}


def test_attacking_the_rocinante_a_damaged_token_does_not_move_but_acts_and_is_repaired() -> None:
    state = _table([14, 1])
    state.rocinante.damaged = True
    events = take_turn(state, Rng("t"))
    assert state.rocinante.region == "mars"
    assert state.fleets == {"mars": {"opa": 1}}
    assert state.rocinante.damaged is False
    assert "rocinante-repaired" in _kinds(events)


def test_a_damaged_rocinante_is_not_moved() -> None:
    state = _table([14, 1])
    state.rocinante.damaged = True
    ctx: Context[GameState] = Context(state, "anna", {})
    assert move_rocinante(ctx, "belt", "a test") is False
    assert state.rocinante.region == "mars"
    state.rocinante.damaged = False
    assert move_rocinante(ctx, "belt", "a test") is True
    assert queries.asset_region(state, 97) == "belt"


def test_the_card_is_discarded_and_the_next_one_turned_face_up() -> None:
    state = _table([14, 5, 6])
    events = take_turn(state, Rng("t"))
    assert state.rocinante.deck == [5, 6]
    assert state.rocinante.discard[-1] == 14
    assert state.rocinante.face_up == 5
    assert events[-1].data == {"kind": "rocinante-face-up", "card": 5}


def test_an_empty_ai_deck_is_reshuffled_from_the_games_random_stream() -> None:
    first, second = _table([7]), _table([7])
    take_turn(first, Rng("seed-a"))
    take_turn(second, Rng("seed-a"))
    assert sorted(first.rocinante.deck) == list(range(1, 25))
    assert first.rocinante.discard == []
    assert first.rocinante.deck == second.rocinante.deck
    expected = list(range(1, 25))
    Rng("seed-a").shuffle(expected)
    assert first.rocinante.deck == expected


def test_an_empty_ai_deck_at_the_start_of_a_turn_is_reshuffled_first() -> None:
    state = _table([])
    events = take_turn(state, Rng("seed-b"))
    expected = list(range(1, 25))
    Rng("seed-b").shuffle(expected)
    assert _kinds(events)[0] == "rocinante-reshuffle"
    assert state.rocinante.discard == [expected[0]] and state.rocinante.deck == expected[1:]


def test_the_rocinantes_turn_is_deterministic() -> None:
    def run() -> tuple[dict, list[str]]:  # type: ignore[type-arg]
        state = _table([3])
        put(state, "supporters", "mars", "ben", 2)
        events = take_turn(state, Rng("same"))
        return state.encode(), [e.text for e in events]

    assert run() == run()


def test_the_face_up_card_is_public_in_every_view() -> None:
    state = _table([14, 5])
    for seat in (None, "anna", "ben", "cleo"):
        seen = view(state, seat)["rocinante"]
        assert seen["face_up"] == 14
        assert seen["deck"] == {"count": 2}


def test_the_report_names_the_card_the_standing_and_the_movement() -> None:
    state = _table([13, 1])
    events = take_turn(state, Rng("t"))
    texts = [e.text for e in events]
    assert texts[0] == "The Rocinante resolves its face-up AI card 13 (Alex Kamal: Strafing Run / Escort Duty; to " \
                       "Mars) in Mars"
    assert texts[1].startswith("Standing: anna (5 VP, 0 war stars, 0 influence), ben (3 VP")
    assert "The leader is anna (anna is ahead of ben: more victory points)" in texts[1]
    assert "the trailing player is cleo (ben is ahead of cleo: more victory points)" in texts[1]
    assert "The Rocinante is already in Mars and stays there (the location of AI card 13)" in texts


def test_the_round_ends_with_the_rocinantes_turn() -> None:
    state = _table([14, 1])
    state.round = 2
    events = end_round(state, Rng("t"))
    assert _kinds(events)[:2] == ["rocinante-turn", "rocinante-card"]
    assert (state.round, state.rocinante.turns, state.rocinante.region) == (3, 1, "belt")


def test_the_rocinante_takes_its_turn_after_the_last_player_in_a_real_game() -> None:
    game = PaxExpanse()
    state = game.setup(["anna", "ben", "cleo"], {}, Rng("game"))
    chosen = dict(zip(state.order, ("un", "mcr", "opa"), strict=True))
    state = game.apply(state, {s: {"loyalty": f} for s, f in chosen.items()}, Rng("s1")).state
    face_up = state.rocinante.face_up
    for step in range(3):
        seat = state.current
        happened = game.apply(state, {seat: {"actions": []}}, Rng(f"s{step + 2}"))
        state = happened.state
    kinds = _kinds(list(happened.events))
    assert "rocinante-card" in kinds
    assert state.rocinante.discard == [face_up]
    assert state.current == state.order[0] and state.round == 2
