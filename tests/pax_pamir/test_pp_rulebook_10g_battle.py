"""Rulebook, Card-Based Actions, Battle: in one region or on one court card, remove tribes, spies, roads or armies
up to the acting card's rank -- no more than your own armies or spies there, never armies or roads of your loyalty,
never tribes of players sharing your loyalty (their spies, yes).

Each test plays a whole turn through the game's check and apply, with orders as a player writes them.
"""

from __future__ import annotations

from typing import Any

from actions_helpers import make_state
from pp_helpers import turn

from games.pax_pamir import GAME
from games.pax_pamir.rules import RULES
from games.pax_pamir.state import GameState

AKALI_SIKHS = 38  # Punjab military rank 2: battle
HAZARA_CHIEFS = 55  # Herat political, no prize
MARKET = [[1, 2, 3, 4, 6, 7], [8, 10, 11, 13, 15, 17]]


def _position(**kw: Any) -> GameState:
    """Anna to move (British; Bob Russian, Cati Afghan) with Akali Sikhs (rank two) in her court."""
    courts = {"anna": [AKALI_SIKHS], **kw.pop("courts", {})}
    state = make_state(market=MARKET, courts=courts, **kw)
    state.turn = None
    return state


def _battle(site: Any, *remove: str, card: int = AKALI_SIKHS) -> dict[str, Any]:
    return {"actions": [{"action": "battle", "card": card, "site": site, "remove": list(remove)}]}


def test_a_battle_removes_up_to_the_rank_capped_by_your_loyal_armies_there() -> None:
    """'remove ... equal to the acting card's rank' and 'you cannot remove more units than you have armies or
    spies in that battle': rank two with one British army removes one; a second British army allows two."""
    state = _position(armies={"kabul": {"british": 1, "russian": 3}})
    (problem,) = GAME.check(state, "anna", _battle("kabul", "army:russian", "army:russian"))
    assert "at most 1 piece" in problem.message
    state.armies["kabul"]["british"] = 3
    (problem,) = GAME.check(state, "anna", _battle("kabul", "army:russian", "army:russian", "army:russian"))
    assert "at most 2 pieces" in problem.message
    after = turn(state, _battle("kabul", "army:russian", "army:russian")).state
    assert after.armies == {"kabul": {"british": 3, "russian": 1}}


def test_a_battle_may_remove_fewer_than_its_rank_as_orders_md_reads_it() -> None:
    """Our reading (orders.md, "Battle removes up to the card's rank"): "equal to the acting card's rank" is the
    most a battle removes, so anna's rank-two battle in Kabul with two British armies may spare one of the two
    Russian armies there."""
    state = _position(armies={"kabul": {"british": 2, "russian": 2}})
    assert GAME.check(state, "anna", _battle("kabul", "army:russian")) == []
    after = turn(state, _battle("kabul", "army:russian")).state
    assert after.armies == {"kabul": {"british": 2, "russian": 1}}


def test_your_tribes_and_other_coalitions_armies_give_no_strength() -> None:
    """Only your armies or spies count: Anna's two tribes and an Afghan army in Herat let her fight nothing
    there."""
    state = _position(tribes={"herat": {"anna": 2, "bob": 1}}, armies={"herat": {"afghan": 1}})
    (problem,) = GAME.check(state, "anna", _battle("herat", "tribe:bob"))
    assert problem.path == ("actions", 0, "site") and "no British army in Herat" in problem.message


def test_never_armies_or_roads_of_your_loyalty() -> None:
    """'you cannot remove armies or roads of your loyalty'."""
    state = _position(armies={"kabul": {"british": 2}}, roads={"kabul-punjab": {"british": 1}})
    for piece in ("army:british", "road:kabul-punjab:british"):
        (problem,) = GAME.check(state, "anna", _battle("kabul", piece))
        assert "of your own coalition" in problem.message


def test_a_region_battle_reaches_enemy_roads_on_its_borders_and_enemy_tribes() -> None:
    """'remove any combination of tribes, spies, roads, or armies': from Punjab, a Russian road on Kabul-Punjab
    and Bob's (Russian) tribe."""
    state = _position(armies={"punjab": {"british": 2}}, roads={"kabul-punjab": {"russian": 1}},
                      tribes={"punjab": {"bob": 1}})
    after = turn(state, _battle("punjab", "road:kabul-punjab:russian", "tribe:bob")).state
    assert after.roads == {} and after.tribes == {}


def test_the_rulebook_region_example_a_friendly_tribe_is_spared_an_enemy_road_or_army_is_not() -> None:
    """Battle example in a region: Cati, British, one loyal army, rank two: one unit only; Hope's tribe shares her
    loyalty and cannot be removed; the enemy road or the enemy army can."""
    seats = ("cati", "hope", "blake")
    state = make_state(seats=seats, acting="cati", market=MARKET, courts={"cati": [AKALI_SIKHS]},
                       loyalty={"cati": "british", "hope": "british", "blake": "russian"},
                       armies={"kandahar": {"british": 1, "russian": 1}}, roads={"kandahar-punjab": {"russian": 1}},
                       tribes={"kandahar": {"hope": 1}})
    state.turn = None
    (problem,) = GAME.check(state, "cati", _battle("kandahar", "tribe:hope"))
    assert "shares your british loyalty" in problem.message
    (problem,) = GAME.check(state, "cati", _battle("kandahar", "army:russian", "road:kandahar-punjab:russian"))
    assert "at most 1 piece" in problem.message
    after = turn(state, _battle("kandahar", "road:kandahar-punjab:russian"), seat="cati").state
    assert after.roads == {} and after.tribes == {"kandahar": {"hope": 1}}


def test_the_rulebook_card_example_spies_of_a_friendly_player_may_be_removed() -> None:
    """Battle example on a court card: British Cati's two spies remove both of British Hope's spies from a card in
    Hope's court ('their spies may be removed'), leaving Cati holding it hostage."""
    seats = ("cati", "hope")
    state = make_state(seats=seats, acting="cati", market=MARKET,
                       courts={"cati": [AKALI_SIKHS], "hope": [HAZARA_CHIEFS]},
                       loyalty={"cati": "british", "hope": "british"},
                       spies={HAZARA_CHIEFS: {"cati": 2, "hope": 2}})
    state.turn = None
    after = turn(state, _battle(HAZARA_CHIEFS, "spy:hope", "spy:hope"), seat="cati").state
    assert after.spies == {str(HAZARA_CHIEFS): {"cati": 2}}
    assert RULES.hostage_holder(state, HAZARA_CHIEFS) is None and RULES.hostage_holder(after, HAZARA_CHIEFS) == "cati"


def test_a_card_battle_is_capped_by_your_spies_on_it_and_spares_your_own() -> None:
    """On a court card your spies are your strength: one spy removes one; your own spy is never a target."""
    state = _position(courts={"bob": [HAZARA_CHIEFS]}, spies={HAZARA_CHIEFS: {"anna": 1, "bob": 2, "cati": 1}})
    (problem,) = GAME.check(state, "anna", _battle(HAZARA_CHIEFS, "spy:bob", "spy:cati"))
    assert "at most 1 piece" in problem.message
    (problem,) = GAME.check(state, "anna", _battle(HAZARA_CHIEFS, "spy:anna"))
    assert "your own spy" in problem.message
    after = turn(state, _battle(HAZARA_CHIEFS, "spy:cati")).state
    assert after.spies == {str(HAZARA_CHIEFS): {"anna": 1, "bob": 2}}


def test_a_battle_happens_at_a_single_site() -> None:
    """'Start a battle in a single region or on a court card': a piece in a neighbouring region is out of reach
    (a Russian army in Kabul, from a battle in Punjab)."""
    state = _position(armies={"punjab": {"british": 2}, "kabul": {"russian": 1}})
    (problem,) = GAME.check(state, "anna", _battle("punjab", "army:russian"))
    assert problem.path == ("actions", 0, "remove", 0) and "no army:russian to remove at Punjab" in problem.message
