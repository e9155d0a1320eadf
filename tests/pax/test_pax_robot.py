"""The kernel's robot harness (games/pax/robot.py): random entries resolved as drawn, a refused one forgotten with
its answers, the turn filed for check and apply, and answers to a paused turn's questions."""

from __future__ import annotations

import copy
from typing import Any

from pax_toy import ToyState, toy_context, toy_state

from engine.memo import ResolvedTurns
from engine.rng import Rng
from games.pax.context import Context, Question
from games.pax.robot import RobotTurn, answer_order, build_turn, default_choice, random_choice
from games.pax.turn import Outcome


def spend(ctx: Context[ToyState], entry: dict[str, Any]) -> None:
    """A toy action: pay its amount, then say why (a question); refused once it leaves the seat in debt."""
    ctx.state.players[ctx.seat].money -= entry["amount"]
    # No order field answers it: a chosen answer goes to the order's answers, kept apart from the entry.
    ctx.ask(Question(ctx.seat, ctx.key("why"), "choice", "why?", ("gift", "debt"), default="gift"))
    if ctx.state.players[ctx.seat].money < 0:
        ctx.fail(ctx.where, "not enough money")


class SpendTurn(RobotTurn[ToyState]):
    """A robot turn of toy spends, resolved on a working copy and rebuilt from the start after a refusal."""

    ATTEMPTS = 6
    OMIT_EMPTY_ACTIONS = True

    def run(self) -> Outcome:
        self.ctx = self._fresh()
        self.add_actions()
        return Outcome(self.ctx)

    def _fresh(self) -> Context[ToyState]:
        ctx = toy_context(copy.deepcopy(self.start), self.order)
        ctx.chooser = self.chooser
        return ctx

    def draw_entry(self, rng: Rng) -> dict[str, Any] | None:
        return {"action": "spend", "amount": 1 + rng.below(6)}

    def take_entry(self, entry: dict[str, Any]) -> None:
        self.ctx.where = ("actions", len(self.order["actions"]) - 1)
        spend(self.ctx, entry)

    def forget(self) -> None:
        self.ctx = self._fresh()
        for index, entry in enumerate(self.order["actions"]):
            self.ctx.where = ("actions", index)
            spend(self.ctx, entry)


def test_random_turn_keeps_only_entries_the_rules_accept_with_their_answers() -> None:
    start = toy_state()
    memo: ResolvedTurns[tuple[Outcome, Any]] = ResolvedTurns()
    robot = SpendTurn(start, "anna", random_choice(Rng("spend")), Rng("spend"))
    order = build_turn(robot, start, memo)
    spent = sum(entry["amount"] for entry in order["actions"])
    assert order["actions"] and spent <= start.players["anna"].money
    answers = order["answers"]
    assert all(answers[f"actions.{i}.why"] in ("gift", "debt") for i in range(len(order["actions"])))
    assert robot.ctx.state.players["anna"].money == start.players["anna"].money - spent
    assert start.players["anna"].money == 10, "the state the turn starts from is never changed"


def test_refused_entries_are_forgotten_as_if_never_drawn() -> None:
    refused = 0
    for seed in range(30):
        start = toy_state()
        rng = Rng(f"refused-{seed}")
        robot = SpendTurn(start, "anna", random_choice(rng), rng)
        build_turn(robot, start, ResolvedTurns())
        tried = robot.ATTEMPTS - len(robot.order["actions"])
        refused += tried
        replay = toy_context(copy.deepcopy(start), copy.deepcopy(robot.order))
        for index, entry in enumerate(robot.order["actions"]):
            replay.where = ("actions", index)
            spend(replay, entry)  # no chooser: every answer must be in the order
        assert replay.state == robot.ctx.state
        kept = {f"actions.{i}.why" for i in range(len(robot.order["actions"]))}
        assert set(robot.order.get("answers", {})) == kept, "no answer of a refused entry is left behind"
    assert refused > 0, "some entries overspend and are refused"


def test_built_turn_is_filed_for_check_and_apply_under_its_state_and_order() -> None:
    start = toy_state()
    memo: ResolvedTurns[tuple[Outcome, Any]] = ResolvedTurns()
    robot = SpendTurn(start, "anna", random_choice(Rng("filed")), Rng("filed"))
    order = build_turn(robot, start, memo)
    assert memo.holds(start, "anna", order)
    assert not memo.holds(copy.deepcopy(start), "anna", order), "only the very state it was built from"
    outcome, filed_start = memo.take(start, "anna", copy.deepcopy(order)) or (None, None)
    assert outcome is not None and filed_start is start
    assert outcome.ctx.order == order and outcome.ctx.order is not order, "a replay keeps its own copy"


def test_deadline_default_turn_takes_no_actions() -> None:
    start = toy_state()
    order = build_turn(SpendTurn(start, "anna", default_choice, None), start, ResolvedTurns())
    assert order == {}, "no rng: no entries, and an empty action list is left out"


def test_robot_stops_when_nothing_more_can_be_done() -> None:
    class NothingTurn(SpendTurn):
        def draw_entry(self, rng: Rng) -> dict[str, Any] | None:
            return None

    start = toy_state()
    assert build_turn(NothingTurn(start, "anna", default_choice, Rng("one")), start, ResolvedTurns()) == {}


def test_answer_order_answers_one_question_or_several_by_key() -> None:
    first = Question("anna", "actions.0.bribe", "bribe", "bribe?", (0, 1, 2), default=2)
    second = Question("anna", "cleanup.discard", "discard", "discard which?", (5, 6, 7), count=2, default=[5, 6])
    assert answer_order([first], default_choice) == {"answer": 2}
    assert answer_order([first, second], default_choice) == {"answers": {"actions.0.bribe": 2,
                                                                         "cleanup.discard": [5, 6]}}
    chosen = answer_order([second], random_choice(Rng("seven")))["answer"]
    assert len(chosen) == 2 and set(chosen) <= {5, 6, 7}


def test_a_refusal_raised_by_the_rules_is_the_only_one_forgotten() -> None:
    class BrokenTurn(SpendTurn):
        def take_entry(self, entry: dict[str, Any]) -> None:
            raise ValueError("a bug, not a refusal")

    start = toy_state()
    try:
        build_turn(BrokenTurn(start, "anna", default_choice, Rng("one")), start, ResolvedTurns())
    except ValueError:
        return
    raise AssertionError("only OrderError means the rules refused an entry")

