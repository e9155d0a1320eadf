"""Pax Expanse's warnings for an accepted order: the kernel's trial runs (games/pax/warnings.py) with its hooks.

A change of loyalty (a loyalist of another faction played, a reward of another faction taken by Eliminate)
says what the rulebook discards with it and what the economic stars keep; a bribe says who controls the region
or who intimidates the card; a Dominance Check the turn sets off is named with how it scores.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Event
from engine.words import counted, plural
from games.pax.context import Question
from games.pax.warnings import Trial, Warner
from games.pax_expanse import cards, orders, queries
from games.pax_expanse.state import GameState
from games.pax_expanse.turn import run_turn


class ExpanseWarner(Warner[GameState]):
    """Pax Expanse's hooks: its turn, its paused questions (several seats at once), factions and influence."""

    pay_fields = {"bribe-play-pay": "bribe", "bribe-hostage-pay": "bribe"}
    loyalty_field = "faction"
    money_noun = "influence"

    def resume(self, state: GameState, seat: str, order: Mapping[str, Any]) -> Trial[GameState] | None:
        """A paused turn of `seat` goes on with its answers; answers to another seat's turn are that seat's
        business (what follows is said to the seat whose turn it is)."""
        paused = state.paused
        if paused is None or paused.seat != seat:
            return None
        asked = [orders.question_from_data(q) for q in paused.questions if q["seat"] == seat]
        if not asked:
            return None
        answers = dict(paused.answers)
        for question, answer in zip(asked, orders.answers_for(order, asked), strict=True):
            answers[question.key] = copy.deepcopy(answer)
        start = self.without_secrets(GameState.decode(paused.start), state, seat, order)
        return Trial(start, seat, copy.deepcopy(paused.order), answers, paused.reported)

    def choices(self, question: Question) -> list[Any]:
        """The kernel's (default and first choice), and the last choice too: a yes/no question whose default is
        yes is tried with no as well (taking a reward or not)."""
        found = super().choices(question)
        last = question.options[-1] if question.count is None and question.options else None
        return found + ([last] if last is not None and last not in found else [])

    def automated(self, state: GameState, seat: Any) -> bool:
        """No seat is played by the rules: the Rocinante is no seat and is never asked a question in a turn."""
        return False

    def loyalty(self, state: GameState, seat: str) -> Any:
        """The seat's faction."""
        return state.players[seat].loyalty

    def loyalty_line(self, seat: str, events: Sequence[Event], index: int, old: Any, now: GameState) -> str:
        """What causes the change (a loyalist played, a reward taken) and what is discarded or may be kept."""
        new = events[index].data.get("faction")
        cause = f"This turn changes your loyalty from the {_faction(old)} to the {_faction(new)}"
        for before in reversed(events[:index]):
            if before.data.get("seat") != seat:
                continue
            card: Any = before.data.get("card")
            if before.data.get("kind") == "play" and _asset(card) and cards.assets()[card].loyalist == new:
                cause = (f"Playing {self.card_name(card)}, a loyalist of the {_faction(new)}, changes your loyalty "
                         f"from the {_faction(old)} to the {_faction(new)}")
                break
            if before.data.get("kind") == "agent-home" and _asset(card) and cards.assets()[card].reward == new:
                # Eliminate sends the agent home, then the reward taken changes the loyalty before it is tucked.
                cause = (f"Taking {self.card_name(card)} as a reward of the {_faction(new)} changes your loyalty "
                         f"from the {_faction(old)} to the {_faction(new)}")
                break
        player = now.players[seat]
        at_stake = [*queries.loyalists(now, seat, old), *queries.rewards(now, seat, old)] if old else []
        held = [counted(player.favours, "favour")] if player.favours else []
        if at_stake:
            held.append(f"the {_faction(old)} {_loyalists_and_rewards(now, seat, old)} "
                        f"{', '.join(self.card_name(n) for n in at_stake)}")
            stars = f"; you have {counted(queries.stars(now, seat, 'economics'), 'economic star')} now"
        holding = f" You hold {' and '.join(held)} now{stars if at_stake else ''}." if held else \
            " You hold none of them now."
        return (f"{cause}: your favours go back to the supply, and your {_faction(old)} loyalists and rewards are "
                f"discarded but for as many as your economic stars, which you choose.{holding}")

    def event_line(self, trial: Trial[GameState], events: Sequence[Event], index: int) -> str | None:
        """A Dominance Check the turn sets off (bought, or revealed at cleanup), and the game's end after it."""
        event = events[index]
        kind = event.data.get("kind")
        if kind == "dominance-check":
            bought: Any = next((e.data.get("card") for e in reversed(events[:index]) if e.data.get("kind") == "purchase"
                           and e.data.get("seat") == trial.seat), None)
            if bought in cards.events() and cards.events()[bought].dominance is not None:
                how = event.text.split(": ", 1)[-1]
                return f"Buying {self.card_name(bought)} resolves that Dominance Check at once: {how}."
            return f"This turn sets off {event.text} (at cleanup)."
        if kind == "game-over":
            return f"This turn ends the game: {event.text}"
        return super().event_line(trial, events, index)

    def card_name(self, number: Any) -> str:
        """"Undersecretary's Fixer (2)" for an asset or an event card."""
        if _asset(number):
            return f"{cards.assets()[number].name} ({number})"
        if _card(number) and number in cards.events():
            return f"{cards.events()[number].title} ({number})"
        return str(number)

    def card_of(self, entry: Mapping[str, Any]) -> Any:
        """The asset an action entry names."""
        card = entry.get("card")
        return card if _asset(card) else None

    def play_bribe_reason(self, state: GameState, seat: str, card: Any) -> str:
        """The controller of the played asset's region (a crew asset's is where the Rocinante is)."""
        region = queries.asset_region(state, card)
        return f"({seat} controls {cards.board().region_names.get(region, region)})"

    def action_bribe_reason(self, seat: str, card: Any) -> str:
        """The seat intimidating the acting asset."""
        return f"({seat} intimidates {self.card_name(card)} with more agents than anyone)"


WARNER = ExpanseWarner(run_turn)


def warnings(state: GameState, seat: str, order: Mapping[str, Any]) -> list[str]:
    """The warnings for `seat`'s accepted order, in the order the turn meets them."""
    return WARNER.warnings(state, seat, order)


def _loyalists_and_rewards(state: GameState, seat: str, faction: Any) -> str:
    """"loyalist and rewards", "loyalists and reward": each word in the number it has."""
    loyalists, rewards = queries.loyalists(state, seat, faction), queries.rewards(state, seat, faction)
    words = [plural("loyalist", len(loyalists))] if loyalists else []
    words += [plural("reward", len(rewards))] if rewards else []
    return " and ".join(words)


def _faction(faction: Any) -> str:
    """"United Nations" for "un"."""
    return cards.board().faction(faction).name if faction else "no faction"


def _card(number: Any) -> bool:
    return isinstance(number, int) and not isinstance(number, bool)


def _asset(number: Any) -> bool:
    return _card(number) and number in cards.assets()
