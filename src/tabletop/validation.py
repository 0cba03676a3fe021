"""Pydantic's validation complaints in the reader's language. Pydantic writes its messages in English only, but
each error also carries its type ('less_than_equal') and the values of its message ({'le': 4}): the sentence is
written here from the tabletop catalog. Used by the web server's API (a request body or message that fails its
schema) and by the command lines (Typer checks option values with pydantic). An error type not listed keeps
pydantic's English message."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .catalog import N_, _, ngettext

# One sentence for each kind of complaint, by pydantic's error types.
_MESSAGES = {
    "missing": N_("Field required"),
    "extra_forbidden": N_("Unknown field"),
    "int_type": N_("Input should be a whole number"),
    "int_parsing": N_("Input should be a whole number"),
    "int_from_float": N_("Input should be a whole number"),
    "int_parsing_size": N_("Input should be a whole number"),
    "float_type": N_("Input should be a number"),
    "float_parsing": N_("Input should be a number"),
    "finite_number": N_("Input should be a finite number"),
    "bool_type": N_("Input should be true or false"),
    "bool_parsing": N_("Input should be true or false"),
    "string_type": N_("Input should be a string"),
    "string_unicode": N_("Input should be a string"),
    "string_pattern_mismatch": N_("Input should match the pattern '{pattern}'"),
    "greater_than": N_("Input should be greater than {gt}"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than": N_("Input should be less than {lt}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "multiple_of": N_("Input should be a multiple of {multiple_of}"),
    "literal_error": N_("Input should be {expected}"),
    "enum": N_("Input should be {expected}"),
    "list_type": N_("Input should be a list"),
    "tuple_type": N_("Input should be a list"),
    "set_type": N_("Input should be a list"),
    "dict_type": N_("Input should be an object"),
    "model_type": N_("Input should be an object"),
    "model_attributes_type": N_("Input should be an object"),
    "dataclass_type": N_("Input should be an object"),
    "none_required": N_("Input should be null"),
    "json_invalid": N_("Invalid JSON: {error}"),
    "json_type": N_("Input should be JSON text"),
    "uuid_type": N_("Input should be a UUID"),
    "uuid_parsing": N_("Input should be a UUID"),
    "union_tag_invalid": N_("Input tag '{tag}' found using {discriminator} does not match any of the expected tags:"
                            " {expected_tags}"),
    "union_tag_not_found": N_("Unable to find the tag {discriminator}"),
}
# The same, where the sentence depends on a count.
_COUNTED = ("string_too_short", "string_too_long", "too_short", "too_long")
KNOWN_TYPES = frozenset(_MESSAGES) | frozenset(_COUNTED)


def _values(context: Mapping[str, Any], lang: str | None) -> dict[str, Any]:
    values = dict(context)
    if isinstance(values.get("expected"), str):  # pydantic lists the choices in English: "'a', 'b' or 'c'"
        values["expected"] = values["expected"].replace(" or ", " {} ".format(_("or", lang)))
    return values


def _counted(kind: str, values: Mapping[str, Any], lang: str | None) -> str:
    if kind == "string_too_short":
        return ngettext("Input should have at least {min_length} character",
                        "Input should have at least {min_length} characters", int(values["min_length"]), lang)
    if kind == "string_too_long":
        return ngettext("Input should have at most {max_length} character",
                        "Input should have at most {max_length} characters", int(values["max_length"]), lang)
    if kind == "too_short":
        return ngettext("Input should have at least {min_length} item, not {actual_length}",
                        "Input should have at least {min_length} items, not {actual_length}",
                        int(values["min_length"]), lang)
    return ngettext("Input should have at most {max_length} item, not {actual_length}",
                    "Input should have at most {max_length} items, not {actual_length}", int(values["max_length"]),
                    lang)


def validation_message(error: Mapping[str, Any], lang: str | None = None) -> str:
    """One pydantic error (an item of ValidationError.errors()) as a sentence in `lang`."""
    kind = error.get("type", "")
    values = _values(error.get("ctx") or {}, lang)
    try:
        if kind in _COUNTED:
            return _counted(kind, values, lang).format(**values)
        if kind in _MESSAGES:
            return _(_MESSAGES[kind], lang).format(**values)
    except (KeyError, ValueError, IndexError):  # a context without the values the sentence names
        pass
    return str(error.get("msg", kind))


def validation_problems(errors: Iterable[Mapping[str, Any]], lang: str | None = None,
                        skip: Iterable[object] = ()) -> list[str]:
    """Each error as 'where: what' (the field's path in the input, without the parts in `skip`), in `lang`."""
    hidden = set(skip)
    problems = []
    for error in errors:
        where = ".".join(str(part) for part in error.get("loc", ()) if part not in hidden)
        message = validation_message(error, lang)
        problems.append(f"{where}: {message}" if where else message)
    return problems
