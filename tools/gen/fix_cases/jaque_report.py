"""`--jaque`: what `jaque check` says of the written files, per kind (informative; it
changes no file)."""

import collections
import json
import os
import subprocess
import tempfile


def jaque_games(jaque, path, lang=None):
    cmd = [jaque, "check", "--json", "--no-progress", path] + (["--lang", lang] if lang else [])
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    return [json.loads(l) for l in out.splitlines() if '"diagnostics"' in l and not l.startswith('{"summary"')]


def report_jaque(jaque, out, reference_text, lines_out, lang_files):
    with tempfile.TemporaryDirectory() as tmp:
        ref = os.path.join(tmp, "reference.pgn")
        with open(ref, "w", encoding="utf-8", newline="") as f:
            f.write(reference_text)
        rgames = jaque_games(jaque, ref)
        bad = [(g["game"], g["diagnostics"]) for g in rgames if g["diagnostics"]]
        print("jaque on the reference file: %d games, %d with diagnostics %s" % (len(rgames), len(bad), bad[:5]))
        igames = jaque_games(jaque, os.path.join(out, "fix_input.pgn"))
        assert len(igames) == len(lines_out), (len(igames), len(lines_out))
        per_kind = collections.OrderedDict()
        for o, g in zip(lines_out, igames):
            codes = tuple(sorted(set("%s:%s" % (d["severity"], d["code"]) for d in g["diagnostics"])))
            per_kind.setdefault(o["kind"], collections.Counter())[(o["sub"], codes)] += 1
        for kind, c in per_kind.items():
            print(kind)
            for (sub, codes), n in sorted(c.items()):
                print("   %-14s %2d  %s" % (sub, n, " ".join(codes) or "(none)"))
        for lang, (lin, lexp) in lang_files.items():
            for name, text, l in (("input", lin, lang), ("expected", lexp, None)):
                p = os.path.join(tmp, "%s.%s.pgn" % (name, lang))
                with open(p, "w", encoding="utf-8") as f:
                    f.write(text)
                c = collections.Counter("%s:%s" % (d["severity"], d["code"])
                                        for g in jaque_games(jaque, p, l) for d in g["diagnostics"])
                print("lang %s %s (--lang %s): %s" % (lang, name, l or "en", dict(c)))
