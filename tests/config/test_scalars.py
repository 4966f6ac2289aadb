"""Numbers as they are written: YAML 1.2 scalars, pays as printed on the felt, $ and %.

An operator copied ``royal_flush: 250:1`` from the felt; YAML 1.1 read it as
15,001 and the table looked like a player's game (issue #22). Every YAML 1.1
surprise, fed to every kind of numeric field (and then to every numeric field
of every kind of file), gives the value the writer meant or a one-line error,
never another number.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import jsonschema  # the test extra (pyproject.toml): an editor's view of the schemas
import pytest
from pydantic import PlainValidator, TypeAdapter, ValidationError

from casino_sim.cli import main
from casino_sim.config import (
    PAYTABLE_DIR,
    PaytableError,
    dump_yaml,
    load,
    load_paytable,
    load_progressive,
    load_text,
    money,
)
from casino_sim.config.loader import KINDS
from casino_sim.config.money import Amount, Count, Number, Pay, Share
from casino_sim.config.yaml_source import parse_yaml

ERROR = "error"
KINDS_OF_FIELD = ("number", "money", "pay", "share", "integer")
TYPES = {"number": Number, "money": Amount, "pay": Pay, "share": Share, "integer": Count}
VALIDATORS = {
    money.to_number: "number",
    money.to_positive_number: "number",
    money.to_amount: "money",
    money.to_positive_amount: "money",
    money.to_pay: "pay",
    money.to_share: "share",
}


def _all(value: Any, **kinds: Any) -> dict[str, Any]:
    """``value`` for every kind of field, except the ``kinds`` given."""
    return {kind: kinds.get(kind, value) for kind in KINDS_OF_FIELD}


_OTHERS_REFUSE = dict.fromkeys(KINDS_OF_FIELD, ERROR)

# scalar as written in YAML -> what each kind of field reads: a value, or ERROR (a one-line error)
SCALARS: dict[str, dict[str, Any]] = {
    # YAML 1.1 base 60: 15001, 90, 5400
    "250:1": {**_OTHERS_REFUSE, "pay": Fraction(250)},
    "1:30": {**_OTHERS_REFUSE, "pay": Fraction(1, 30)},
    "1:30:00": _OTHERS_REFUSE,
    # YAML 1.1 octal, other radixes
    "010": _OTHERS_REFUSE,
    "0100": _OTHERS_REFUSE,
    "08": _OTHERS_REFUSE,
    "00": _OTHERS_REFUSE,
    "010.5": _OTHERS_REFUSE,
    "0o10": _OTHERS_REFUSE,
    "0x10": _OTHERS_REFUSE,
    "0b11": _OTHERS_REFUSE,
    # YAML 1.1 booleans (and YAML 1.2's own)
    **{word: _OTHERS_REFUSE for word in ("yes", "no", "on", "off", "y", "n", "Yes", "NO", "On")},
    **{word: _OTHERS_REFUSE for word in ("true", "false", "True")},
    # YAML 1.1 timestamps, special floats, null
    "2026-01-01": _OTHERS_REFUSE,
    ".inf": _OTHERS_REFUSE,
    "-.inf": _OTHERS_REFUSE,
    ".nan": _OTHERS_REFUSE,
    "~": _OTHERS_REFUSE,
    "null": _OTHERS_REFUSE,
    # decimal numbers in their YAML 1.2 and written forms
    "5": _all(Fraction(5), share=ERROR, integer=5),
    "+5": _all(Fraction(5), share=ERROR, integer=5),
    "-0": _all(Fraction(0), pay=ERROR, integer=0),
    "-5": _OTHERS_REFUSE,
    "0.50": _all(Fraction(1, 2), integer=ERROR),
    ".5": _all(Fraction(1, 2), integer=ERROR),
    "5.": _all(Fraction(5), share=ERROR, integer=ERROR),
    "1e3": _all(Fraction(1000), share=ERROR, integer=ERROR),
    "1.5E3": _all(Fraction(1500), share=ERROR, integer=ERROR),
    "1e-3": _all(Fraction(1, 1000), integer=ERROR),
    "1/3": _all(Fraction(1, 3), integer=ERROR),
    "1_000": _all(Fraction(1000), share=ERROR, integer=ERROR),
    "10,000": _all(Fraction(10_000), share=ERROR, integer=ERROR),
    "10,000.50": _all(Fraction(20_001, 2), share=ERROR, integer=ERROR),
    "1,00": _OTHERS_REFUSE,
    "10.000,50": _OTHERS_REFUSE,
    "1/0": _OTHERS_REFUSE,
    # pays as printed on the felt
    "250 to 1": {**_OTHERS_REFUSE, "pay": Fraction(250)},
    "250 TO 1": {**_OTHERS_REFUSE, "pay": Fraction(250)},
    "250-1": {**_OTHERS_REFUSE, "pay": Fraction(250)},
    "3:2": {**_OTHERS_REFUSE, "pay": Fraction(3, 2)},
    "2 for 1": {**_OTHERS_REFUSE, "pay": Fraction(1)},
    "5 for 1": {**_OTHERS_REFUSE, "pay": Fraction(4)},
    "1 for 1": _OTHERS_REFUSE,  # the wager back only: pays 0 to 1
    "250:0": _OTHERS_REFUSE,
    # money and rates
    "$10,000": {**_OTHERS_REFUSE, "money": Fraction(10_000)},
    "$0.50": {**_OTHERS_REFUSE, "money": Fraction(1, 2)},
    "€25": {**_OTHERS_REFUSE, "money": Fraction(25)},
    "-$5": _OTHERS_REFUSE,
    "20%": {**_OTHERS_REFUSE, "share": Fraction(1, 5)},
    "12.5%": {**_OTHERS_REFUSE, "share": Fraction(1, 8)},
    "120%": _OTHERS_REFUSE,
    "$20%": _OTHERS_REFUSE,
    "five": _OTHERS_REFUSE,
}


def _scalar(text: str) -> Any:
    """``text`` as the value of a plain YAML scalar."""
    return parse_yaml(f"value: {text}\n", name="t.yaml").data["value"]


def _read(adapter: TypeAdapter[Any], text: str) -> Any:
    """What a field reads from ``text``: its value, or ERROR after checking the message is one line."""
    try:
        return adapter.validate_python(_scalar(text))
    except ValidationError as error:
        (detail,) = error.errors(include_url=False)
        assert "\n" not in detail["msg"], detail["msg"]
        return ERROR


# ----------------------------------------------------------------- the YAML layer


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("250:1", "250:1"),  # YAML 1.1: 15001
        ("1:30", "1:30"),  # YAML 1.1: 90
        ("010", "010"),  # YAML 1.1: 8
        ("0o10", "0o10"),
        ("0x10", "0x10"),  # YAML 1.1: 16
        ("1_000", "1_000"),  # YAML 1.1: 1000
        ("yes", "yes"),  # YAML 1.1: True
        ("No", "No"),
        ("on", "on"),
        ("2026-01-01", "2026-01-01"),  # YAML 1.1: a date
        ("=", "="),  # YAML 1.1: the value key
        ("true", True),
        ("FALSE", False),
        ("~", None),
        ("", None),
        ("0", 0),
        ("-17", -17),
        ("0.10", Decimal("0.10")),
        (".5", Decimal("0.5")),
        ("1e3", Decimal("1e3")),
        ("-.inf", Decimal("-Infinity")),
    ],
)
def test_yaml_scalars_follow_yaml_1_2(text: str, value: Any) -> None:
    parsed = _scalar(text)
    assert parsed == value and type(parsed) is type(value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("!!int 0x10", "!!int '0x10' is not a whole number"),
        ("!!int 010", "!!int '010' is not a whole number"),
        ("!!bool yes", "!!bool 'yes' is not true or false"),
        ("!!float 1:30", "!!float '1:30' is not a number"),
        ("!!null nothing", "!!null 'nothing' is not null"),
    ],
)
def test_an_explicit_tag_must_fit_yaml_1_2(text: str, message: str) -> None:
    with pytest.raises(PaytableError) as caught:
        parse_yaml(f"kind: x\nvalue: {text}\n", name="t.yaml")
    assert str(caught.value) == f"t.yaml:2: value: {message}"


def test_explicit_tags_in_their_forms_are_read() -> None:
    data = parse_yaml("a: !!int '12'\nb: !!float '1E-7'\nc: !!bool 'true'\n", name="t").data
    assert data == {"a": 12, "b": Decimal("1E-7"), "c": True}


def test_a_key_with_a_bad_tag_is_refused_at_its_line() -> None:
    with pytest.raises(PaytableError, match=r"^t:2: !!int 'x' is not a whole number$"):
        parse_yaml("a: 1\n!!int x: 2\n", name="t")


# ----------------------------------------------------------------- each kind of field


@pytest.mark.parametrize("text", list(SCALARS))
@pytest.mark.parametrize("kind", KINDS_OF_FIELD)
def test_every_kind_of_field_reads_what_was_meant_or_refuses(kind: str, text: str) -> None:
    expected = SCALARS[text][kind]
    got = _read(TypeAdapter(TYPES[kind]), text)
    assert got == expected and (got is ERROR or type(got) is type(expected))


@pytest.mark.parametrize(
    ("kind", "text", "message"),
    [
        (
            "money",
            "250:1",
            "expected money such as 5, 0.50 or $10,000, got '250:1' "
            "(250:1, 250 to 1 and 2 for 1 are pays; write one number)",
        ),
        (
            "number",
            "010",
            "expected a number such as 30, 0.5 or 1/3, got '010' "
            "(a number may not start with 0: YAML 1.1 reads 010 as octal 8; write 10)",
        ),
        ("pay", "08", "got '08' (a number may not start with 0: write 8)"),
        ("share", "0x10", "got '0x10' (write numbers in decimal)"),
        ("money", "yes", "expected money such as 5, 0.50 or $10,000, got 'yes'"),
        ("money", "true", "expected money, got true (a boolean)"),
        ("money", "20%", "got '20%' (a percentage is a share: only rates and shares take %)"),
        ("pay", "$250", "got '$250' (a currency sign is for money only)"),
        ("pay", "1 for 1", "expected a pay > 0, got '1 for 1'"),
        ("pay", "250:0", "got '250:0' (division by zero)"),
        ("money", "-$5", "got '-$5' (it may not be negative)"),
        ("money", "10.000,50", "(group thousands by commas in threes"),
        ("share", "120%", "expected a share between 0 and 1 (e.g. 0.65, 65% or 13/20), got '120%'"),
        ("money", ".inf", "expected a finite number, got Infinity"),
    ],
)
def test_a_refusal_says_why(kind: str, text: str, message: str) -> None:
    with pytest.raises(ValidationError) as caught:
        TypeAdapter(TYPES[kind]).validate_python(_scalar(text))
    assert message in caught.value.errors()[0]["msg"]


def test_text_in_other_scripts_is_not_a_number() -> None:
    for text in ("١٠", "10\u00a0000", "１０"):  # Arabic-Indic digits, a no-break space, full width
        assert _read(TypeAdapter(Amount), f"'{text}'") is ERROR


# ----------------------------------------------------------------- every numeric field


def _kind(annotation: Any) -> tuple[str, Any] | None:
    """The kind of numeric field an annotation holds and its leaf type, or None (not numeric)."""
    if typing.get_origin(annotation) is Annotated:
        for meta in annotation.__metadata__:
            if isinstance(meta, PlainValidator) and meta.func in VALIDATORS:
                return VALIDATORS[meta.func], annotation
        if typing.get_args(annotation)[0] is int:  # an int with its bounds (a tuple's items)
            return "integer", annotation
    if annotation is int:
        return "integer", int
    for argument in typing.get_args(annotation):
        found = _kind(argument)
        if found is not None:
            return found
    return None


def _numeric_fields() -> dict[str, tuple[str, Any]]:
    """Every numeric field of every definition type, by ``Class.field``: its kind and validator."""
    fields: dict[str, tuple[str, Any]] = {}
    pending: list[type] = list(KINDS.values())
    seen: set[type] = set()
    while pending:
        cls = pending.pop()
        if cls in seen:
            continue
        seen.add(cls)
        for name, info in cls.__pydantic_fields__.items():  # type: ignore[attr-defined]
            stack = [info.annotation]
            while stack:
                node = stack.pop()
                if hasattr(node, "__pydantic_fields__"):
                    pending.append(node)
                stack.extend(typing.get_args(node))
            whole = Annotated[info.annotation, *info.metadata] if info.metadata else info.annotation
            found = _kind(whole)
            if found is not None:
                kind, leaf = found
                if kind == "integer" and info.metadata:  # the field's own bounds
                    leaf = Annotated[int, *info.metadata]
                fields[f"{cls.__name__}.{name}"] = (kind, TypeAdapter(leaf))
    return fields


FIELDS = _numeric_fields()


def test_the_sweep_sees_every_kind_of_file_and_field() -> None:
    kinds = {kind for kind, _ in FIELDS.values()}
    assert kinds == set(KINDS_OF_FIELD)
    owners = {name.split(".")[0] for name in FIELDS}
    assert {"CaribbeanPaytable", "Award", "DropRake", "TimeRake", "Pace", "BankedPace"} <= owners
    assert {"Spread", "DealerBreaks", "Deck", "Traffic", "PlayerType", "BadBeatJackpot"} <= owners
    assert FIELDS["CaribbeanPaytable.pays"][0] == "pay"
    assert FIELDS["ProgressivePaytable.seed"][0] == "money"
    assert FIELDS["PercentRake.rate"][0] == "share"
    assert FIELDS["Pace.seconds_per_hand"][0] == "number"
    assert FIELDS["StudVariant.max_players"][0] == "integer"
    assert len(FIELDS) >= 60


@pytest.mark.parametrize("field", sorted(FIELDS))
def test_every_numeric_field_reads_what_was_meant_or_refuses(field: str) -> None:
    kind, adapter = FIELDS[field]
    for text, readings in SCALARS.items():
        expected = readings[kind]
        got = _read(adapter, text)
        # a field's own range may refuse a meant value; it never reads another number
        assert got == expected or got is ERROR, (field, text, got)
        assert expected is not ERROR or got is ERROR, (field, text, got)


# ----------------------------------------------------------------- files as operators write them

STANDARD = (PAYTABLE_DIR / "caribbean_stud" / "standard.yaml").read_text()
PROGRESSIVE = (PAYTABLE_DIR / "progressives" / "50-75-100.yaml").read_text()


def test_the_felt_paytable_of_the_issue_pays_250_to_1() -> None:
    felt = STANDARD.replace("royal_flush: 100", "royal_flush: 250:1").replace(
        "straight_flush: 50", "straight_flush: 50:1"
    )
    table = load_text(felt, name="felt.yaml")
    assert table.pays == load_paytable("caribbean_stud/royal-250").pays
    assert (table.raise_pay("royal_flush"), table.raise_pay("straight_flush")) == (250, 50)


@pytest.mark.parametrize(
    ("royal", "flush", "ante"), [("250 to 1", "6 for 1", "2 for 1"), ("250-1", "5-1", "1:1")]
)
def test_every_felt_form_of_a_pay(royal: str, flush: str, ante: str) -> None:
    text = (
        STANDARD.replace("royal_flush: 100", f"royal_flush: {royal}")
        .replace("  flush: 5\n", f"  flush: {flush}\n")
        .replace("ante_pays: 1", f"ante_pays: {ante}")
    )
    table = load_text(text)
    assert (table.pays["royal_flush"], table.pays["flush"], table.ante_pays) == (250, 5, 1)


def test_money_with_its_sign_and_rates_as_percentages() -> None:
    text = (
        PROGRESSIVE.replace("contribution_rate: 0.65", "contribution_rate: 65%")
        .replace("reserve_rate: 0.05", "reserve_rate: 5 %")
        .replace("seed: 10000", "seed: $10,000\nmeter_cap: $400,000.00")
        .replace("{meter_share: 0.10}", "{meter_share: 10%}")
        .replace("{fixed: 100}", "{fixed: $100}")
    )
    table = load_text(text)
    shipped = load_progressive("progressives/50-75-100")
    assert table.meter_cap == 400_000
    assert table == dataclasses.replace(shipped, meter_cap=Fraction(400_000))


def test_a_felt_written_file_writes_back_to_equal_numbers() -> None:
    table = load_text(STANDARD.replace("ante_pays: 1", "ante_pays: 3:2"))
    again = load_text(dump_yaml(table))
    assert again == table and again.ante_pays == Fraction(3, 2)


@pytest.mark.parametrize(
    ("replace", "by", "line", "key", "fragment"),
    [
        ("seed: 10000", "seed: 250:1", 17, "seed", "got '250:1'"),
        ("contribution_rate: 0.65", "contribution_rate: 65:100", 15, "contribution_rate", "pays"),
        ("wager: 1", "wager: yes", 8, "wager", "got 'yes'"),
        ("{fixed: 100}", "{fixed: 0100}", 12, "awards.four_of_a_kind.fixed", "octal 64"),
    ],
)
def test_validate_refuses_in_one_line_with_status_2(
    replace: str,
    by: str,
    line: int,
    key: str,
    fragment: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert replace in PROGRESSIVE
    path = tmp_path / "bad.yaml"
    path.write_text(PROGRESSIVE.replace(replace, by))
    with pytest.raises(PaytableError):
        load(path)
    assert main(["validate", str(path)]) == 2
    (out,) = capsys.readouterr().out.splitlines()
    assert out.startswith(f"{path}:{line}: {key}: ") and fragment in out


def test_validate_accepts_the_felt_forms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "felt.yaml"
    path.write_text(STANDARD.replace("royal_flush: 100", "royal_flush: 250 to 1"))
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: OK (caribbean_stud: standard US)\n"


def test_the_json_schemas_take_every_written_form_the_loader_reads() -> None:
    for kind in ("number", "money", "pay", "share"):
        schema = TypeAdapter(TYPES[kind]).json_schema()
        for text, readings in SCALARS.items():
            value = _scalar(text)
            if isinstance(value, str) and readings[kind] is not ERROR:
                jsonschema.validate(value, schema)  # an editor accepts what the loader reads
    money_schema = TypeAdapter(Amount).json_schema()
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate("250:1", money_schema)


def test_shipped_files_fit_their_committed_schemas() -> None:
    from casino_sim.config import shipped_files
    from casino_sim.config.schema import schema_path

    for path in shipped_files():
        data = parse_yaml(path.read_bytes(), name=str(path)).data
        schema = json.loads(schema_path(data["kind"]).read_text())
        jsonschema.validate(json.loads(json.dumps(data, default=str)), schema)
