"""A diagnostic's attributes are the library's field list: the same names as `jaque check
--json` writes, and the type stubs declare them (`JAQUE_BLESS=1` rewrites the stubs' two
classes from the list)."""

import json
import os
import re
import subprocess

import jaque
from conftest import ROOT, jaque_binary

STUBS = ROOT / "python" / "jaque" / "_jaque.pyi"
TEXT = '[Event "?"]\n\n1. e4 e5 2. Ke3 Nf6 3. Nf3 Nxe4 4. Nxe5 Bb4 5. Nc3 Bxc3 6. dxc3 N *\n'


def stub_class(name, fields):
    lines = [f"@final\nclass {name}:"]
    lines += [f"    {field}: {kind}" for field, kind in fields]
    return "\n".join(lines) + "\n"


def test_stubs_declare_the_field_lists():
    stubs = STUBS.read_text(encoding="utf-8")
    for cls in (jaque.Suggestion, jaque.Diagnostic):
        pattern = re.compile(rf"@final\nclass {cls.__name__}:\n(    \w+: .*\n)+")
        match = pattern.search(stubs)
        assert match, f"{STUBS} has no class {cls.__name__}"
        wanted = stub_class(cls.__name__, cls.fields)
        if os.environ.get("JAQUE_BLESS") == "1":
            stubs = stubs[: match.start()] + wanted + stubs[match.end() :]
            STUBS.write_text(stubs, encoding="utf-8")
        else:
            assert match.group(0) == wanted


def test_attributes_are_the_json_fields(tmp_path):
    """Each attribute of each diagnostic equals the JSON's field of the same name, as the
    command line writes it (a face that reads the same list a different way would differ)."""
    path = tmp_path / "game.pgn"
    path.write_text(TEXT, encoding="utf-8")
    run = subprocess.run([jaque_binary(), "check", "--json", str(path)], capture_output=True)
    assert run.returncode == 1, run.stderr
    games = [json.loads(line) for line in run.stdout.splitlines()]
    wanted = games[0]["diagnostics"]
    (game,) = jaque.read_games(str(path))
    assert len(wanted) == len(game.diagnostics) >= 2
    assert any(d["suggestions"] for d in wanted)
    for d, w in zip(game.diagnostics, wanted):
        assert [name for name, _ in jaque.Diagnostic.fields] == list(w)
        for name, _ in jaque.Diagnostic.fields:
            if name == "suggestions":
                got = [{n: getattr(s, n) for n, _ in jaque.Suggestion.fields} for s in d.suggestions]
                assert got == w[name]
            else:
                assert getattr(d, name) == w[name], name


def test_unknown_attributes_raise():
    (game,) = jaque.read_games(TEXT.encode())
    diagnostic = game.diagnostics[0]
    assert not hasattr(diagnostic, "nope")
    assert "code" in dir(diagnostic)


def test_the_games_table_column_is_the_field_list(tmp_path):
    """The games table's `diagnostics` structs: the fields of the list but `suggestions`,
    nullable exactly where the stub says `| None`, each value the JSON's."""
    import pyarrow as pa

    path = tmp_path / "game.pgn"
    path.write_text(TEXT, encoding="utf-8")
    run = subprocess.run([jaque_binary(), "check", "--json", str(path)], capture_output=True)
    wanted = json.loads(run.stdout.splitlines()[0])["diagnostics"]
    table = pa.table(jaque.read_arrow(str(path), table="games"))
    item = table.schema.field("diagnostics").type.value_type
    fields = [(name, kind) for name, kind in jaque.Diagnostic.fields if name != "suggestions"]
    assert [f.name for f in item] == [name for name, _ in fields]
    assert [f.nullable for f in item] == [kind.endswith("| None") for _, kind in fields]
    rows = table.column("diagnostics").to_pylist()[0]
    assert rows == [{k: v for k, v in w.items() if k != "suggestions"} for w in wanted]
