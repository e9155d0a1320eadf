"""The order template frame both Pax games share (games/pax/template.py): what is due picks the template, the
questions come with their choices and the deadline's defaults, the standing orders close every template."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.pax.context import Chooser, Context, Pause, Question
from games.pax.template import GAME_OVER, OrderTemplate, Trial, flow, ready, say
from games.pax.turn import Outcome


@dataclass
class Table:
    """A state as the template frame reads it."""

    phase: str = "turns"
    paused: object | None = None
    standing: dict[str, dict[str, Any]] = field(default_factory=dict)
    due: tuple[str, ...] = ("ann",)
    questions: list[Question] = field(default_factory=list)


def _no_actions(state: Table, seat: str, order: dict[str, Any], answers: dict[str, Any] | None = None,
                chooser: Chooser | None = None, lenient: bool = False) -> Outcome:
    """A turn of the toy's rules: nothing to do, nothing asked."""
    return Outcome(Context(state, seat, order, answers or {}, chooser=chooser))


class Toy(OrderTemplate[Table]):
    """A game that wraps at 40 columns and calls its tableau a row."""

    WIDTH = 40
    TABLEAU = "row"
    STANDING = {"bribe": "full, waive, or the most you ask"}

    def __init__(self) -> None:
        super().__init__(_no_actions)

    def is_due(self, state: Table, seat: str) -> bool:
        return seat in state.due

    def asked(self, state: Table, seat: str) -> list[Question]:
        return [q for q in state.questions if q.seat == seat]

    def loyalty(self, state: Table, seat: str) -> str:
        return "loyalty: red\n"

    def turn(self, state: Table, seat: str) -> str:
        return self.lines(["actions: []", self.cleanup_entry()])


def _question(key: str, default: Any) -> Question:
    return Question("ann", key, "discard", "Choose a card to discard", (3, 4), default=default)


def test_the_game_over_template_asks_for_nothing() -> None:
    assert Toy().render(Table(phase="over"), "ann") == GAME_OVER


def test_a_seat_nothing_is_due_from_may_still_change_its_standing_orders() -> None:
    text = Toy().render(Table(standing={"bob": {"bribe": "waive"}}), "bob")
    assert text.startswith("# Nothing is due from you now;")
    assert text.endswith('#   * bribe: full, waive, or the most\n#     you ask.\nstanding: {"bribe": "waive"}\n')


def test_every_due_template_ends_with_the_standing_orders_example() -> None:
    for state in (Table(phase="loyalty"), Table()):
        text = Toy().render(state, "ann")
        assert text.endswith("# standing: {bribe: full}\n") and "Standing orders answer" in text
    assert "actions: []\n# cleanup: {row: [], hand: []}\n" in Toy().render(Table(), "ann")


class WideToy(Toy):
    """The toy at the width the Pax games wrap their templates at."""

    WIDTH = 72


def test_one_question_is_answered_under_answer_with_its_default() -> None:
    text = WideToy().render(Table(paused=object(), questions=[_question("q1", 4)]), "ann")
    assert "# Choose a card to discard.\n# Choices: 3, 4.\n" in text
    assert "answer: 4  # the default, used if the deadline passes\n" in text


def test_an_answer_too_long_for_its_note_beside_it_has_the_note_on_the_line_above() -> None:
    wide = WideToy().render(Table(paused=object(), questions=[_question("q1", "outer_planets-tycho")]), "ann")
    assert '# The default, used if the deadline passes:\nanswer: "outer_planets-tycho"\n' in wide
    narrow = Toy().render(Table(paused=object(), questions=[_question("q1", 4)]), "ann")
    assert "# The default, used if the deadline\n#   passes:\nanswer: 4\n" in narrow


def test_several_questions_are_answered_by_key() -> None:
    state = Table(paused=object(), questions=[_question("q1", 3), _question("q2", [4])])
    text = Toy().render(state, "ann")
    assert "answers:  # the defaults, used if the deadline passes\n  q1: 3\n  q2: [4]\n" in text


def test_comments_wrap_once_to_the_width_each_line_after_the_first_two_spaces_further_in() -> None:
    words = "word " * 30
    assert all(len(line) <= 40 for line in say(words, width=40))
    assert say(words, width=40)[1].startswith("#   word")
    assert say("a b", 2, bullet=True) == ["#   * a b"]
    assert say("a " * 20 + "b", 2, bullet=True, width=30)[1].startswith("#     a")


def test_an_entry_is_a_ready_line_in_flow_style_or_in_block_style_when_too_long() -> None:
    entry = {"action": "battle", "card": 55, "site": "kabul", "remove": ["army:russian", "road:herat-kabul:russian"]}
    assert flow(entry) == "{action: battle, card: 55, site: kabul, remove: [army:russian, road:herat-kabul:russian]}"
    assert flow({"target": "true", "side": "left"}) == '{target: "true", side: left}'  # never read as true
    assert ready({"action": "purchase", "row": 1, "column": 2}) == ["#- {action: purchase, row: 1, column: 2}"]
    assert ready(entry, 60) == ["#- action: battle", "#  card: 55", "#  site: kabul",
                                "#  remove: [army:russian, road:herat-kabul:russian]"]
    # A list too long for its line: one item a line.
    assert ready(entry, 40)[3:] == ["#  remove:", "#  - army:russian", "#  - road:herat-kabul:russian"]


class Asking(Toy):
    """A turn whose `take` action asks, by key only, which of two pieces to take (the first by default), and
    whose cleanup asks which card to keep whatever the actions (when `keep` is set)."""

    WIDTH = 72

    def __init__(self, keep: bool = False) -> None:
        super().__init__()
        self.keep = keep

    def run(self, state: Table, seat: str, order: dict[str, Any], answers: dict[str, Any],
            chooser: Chooser) -> Outcome:
        ctx = Context(state, seat, order, answers, chooser=chooser)
        try:
            for index, entry in enumerate(order.get("actions") or []):
                ctx.where = ("actions", index)
                if entry.get("action") == "take":
                    ctx.ask(Question(seat, ctx.serial("take-piece"), "choice", "take a piece from play",
                                     ("army:red", "army:blue"), default="army:red"))
            if self.keep:
                ctx.where = ("cleanup",)
                ctx.ask(Question(seat, ctx.key("keep"), "choice", "keep a card", (3, 4), count=1, default=[3]))
        except Pause as pause:
            return Outcome(ctx, pause.questions)
        return Outcome(ctx)

    def card_title(self, number: int) -> str:
        return "Raider"


def test_a_ready_line_whose_turn_asks_by_key_only_gets_a_commented_answers_block() -> None:
    template = Asking()
    offered = [template.trial(Table(), "ann", {"action": "take", "card": 7}),
               template.trial(Table(), "ann", {"action": "rest", "card": 8})]
    assert all(isinstance(tried, Trial) for tried in offered)
    lines = template.answers_ahead(Table(), "ann", [t for t in offered if isinstance(t, Trial)])
    text = "\n".join(lines)
    assert "#   * With take Raider (7), your turn may ask:" in text
    assert ("#     * actions.0.take-piece-1: take a piece from play; one of army:red,\n"
            "#       army:blue; default army:red.\n#answers:\n#  actions.0.take-piece-1: army:red") in text
    assert "The 0 in actions.0 is the action's place in your list" in " ".join(" ".join(line[1:] for line in lines).split())
    assert "(8)" not in text  # the rest asks nothing more, and no action asks what a turn with none asks
    assert all(len(line) <= 72 for line in lines)


def test_what_a_turn_asks_with_no_actions_is_said_once_and_an_action_that_asks_nothing_more_is_named() -> None:
    template = Asking(keep=True)
    take, rest = (template.trial(Table(), "ann", {"action": kind, "card": n}) for kind, n in (("take", 7),
                                                                                            ("rest", 8)))
    assert isinstance(take, Trial) and isinstance(rest, Trial)
    text = "\n".join(template.answers_ahead(Table(), "ann", [take, rest]))
    assert text.count("#  cleanup.keep: [3]") == 2  # with no actions (and resting), and with the take
    assert ("#   * With no actions, and with each action above not named below, your\n#     turn may ask:\n"
            "#     * cleanup.keep: keep a card; a list of 1 of 3, 4; default [3].\n#answers:\n"
            "#  cleanup.keep: [3]\n#   * With take Raider (7), your turn may ask:") in text
    assert "The 0 in actions.0" in " ".join(text.replace("\n#", " ").split())


def test_a_turn_that_asks_nothing_by_key_has_no_answers_in_advance() -> None:
    template = Asking()
    rest = template.trial(Table(), "ann", {"action": "rest", "card": 8})
    assert isinstance(rest, Trial) and rest.ahead == ()
    assert template.answers_ahead(Table(), "ann", [rest]) == []
