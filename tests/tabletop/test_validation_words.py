"""Pydantic's complaints in the reader's language (tabletop.validation): the API and the command lines answer a
value that fails its schema in French or Italian, naming the field and the limit, never in pydantic's English."""

from __future__ import annotations

from typing import Literal, get_args

import pytest
from pydantic import BaseModel, Field, ValidationError
from pydantic_core.core_schema import ErrorType

from tabletop.validation import KNOWN_TYPES, validation_message, validation_problems


class Table(BaseModel):
    players: int = Field(ge=1, le=4)
    name: str = Field(max_length=3)
    mode: Literal["none", "async"]


def _errors(**data: object) -> list[dict[str, object]]:
    with pytest.raises(ValidationError) as caught:
        Table.model_validate(data)
    return [dict(error) for error in caught.value.errors()]


def test_every_error_type_written_here_is_one_pydantic_has() -> None:
    assert set(get_args(ErrorType)) >= KNOWN_TYPES


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["players: Input should be less than or equal to 4", "name: Input should have at most 3 characters",
            "mode: Input should be 'none' or 'async'"]),
    ("fr", ["players: La valeur doit être inférieure ou égale à 4",
            "name: La valeur doit avoir au plus 3 caractères", "mode: La valeur doit être 'none' ou 'async'"]),
    ("it", ["players: Il valore deve essere minore o uguale a 4", "name: Il valore deve avere al massimo 3 caratteri",
            "mode: Il valore deve essere 'none' o 'async'"]),
])
def test_each_problem_names_its_field_and_limit_in_the_language(lang: str, expected: list[str]) -> None:
    assert validation_problems(_errors(players=9, name="long", mode="x"), lang) == expected


def test_a_missing_field_and_a_wrong_type_in_french() -> None:
    problems = validation_problems(_errors(players="many", name="ok"), "fr")
    assert problems == ["players: La valeur doit être un nombre entier", "mode: Champ obligatoire"]


def test_an_error_type_not_written_here_keeps_pydantics_message() -> None:
    assert validation_message({"type": "recursion_loop", "msg": "Recursion error", "ctx": {}}, "fr") == \
        "Recursion error"
