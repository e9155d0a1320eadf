"""One action registry for every Pax game: names in rulebook order, a module per name, unknown names refused."""

from __future__ import annotations

from types import ModuleType, SimpleNamespace

import pytest

from games.pax.actions import ActionRegistry
from games.pax_expanse import actions as expanse_actions
from games.pax_pamir import actions as pamir_actions

INTERFACE = ("FIELDS", "problems", "perform", "random_params", "offer")


def test_a_registry_lists_implemented_actions_in_rulebook_order_and_refuses_unknown_names() -> None:
    second, first = SimpleNamespace(), SimpleNamespace()
    registry: ActionRegistry[object, object] = ActionRegistry(("first", "second", "third"),
                                                              {"second": second, "first": first})  # type: ignore[dict-item]
    assert registry.implemented() == ("first", "second")
    assert registry.module("second") is second and registry.module("third") is None
    with pytest.raises(ValueError, match="unknown action 'fourth'"):
        registry.register("fourth", first)  # type: ignore[arg-type]


@pytest.mark.parametrize("actions", [pamir_actions, expanse_actions], ids=lambda module: module.__name__)
def test_each_game_registers_every_action_of_its_rulebook_with_the_whole_interface(actions: ModuleType) -> None:
    registry = actions.REGISTRY
    assert registry.implemented() == registry.names == actions.NAMES
    for name in registry.names:
        module = registry.module(name)
        assert all(hasattr(module, attribute) for attribute in INTERFACE), name
