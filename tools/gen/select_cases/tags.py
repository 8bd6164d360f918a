"""Random tag sections for select.pgn: the values the tag filters are tested on, junk
included (Elo `?`, empty or `-`, dates with `??` in each field, no Result tag)."""

EVENTS = ["Club Championship", "Rated Blitz game", "Rated Rapid game", "Weekend Open",
          "Open Championship 2019", "Café Open", "Casual game", "Olympiad", "?", ""]
SITES = ["Berlin GER", "https://lichess.org", "Montevideo URU", "?"]
PLAYERS = ["Carlsen, Magnus", "Tal, Mikhail", "Kasparov, Garry", "Müller, Jürgen",
           "Smith, J.", "Anand, Viswanathan", "Polgar, Judit", "Nakamura, Hikaru",
           "DrNykterstein", "lichess AI level 8", "O'Kelly de Galway, Alberic", "?"]
# Dates around the filters' bounds, each field unknown somewhere, and junk.
NEAR_DATES = ["2019.03.14", "2019.03.13", "2019.03.15", "2019.03.??", "2019.??.??",
              "2019.??.14", "????.03.14", "????.??.??", "2019.02.28", "2019.04.01",
              "2018.12.31", "2000.01.01", "1999.12.31", "1962.05.??", "1962.??.??"]
JUNK_DATES = ["sometime", "", "2019/03/14", "19.03.2019"]
ROUNDS = ["1", "2", "3", "3.1", "10", "12.2", "?", "-"]
ELO_JUNK = ["?", "", "-"]
RESULTS = ["1-0", "0-1", "1/2-1/2", "*"]


def date(rng):
    """A date: near the filters' bounds, random, or junk; some fields unknown."""
    r = rng.random()
    if r < 0.45:
        return rng.choice(NEAR_DATES)
    if r < 0.52:
        return rng.choice(JUNK_DATES)
    year, month, day = rng.randint(1950, 2024), rng.randint(1, 12), rng.randint(1, 28)
    fields = [f"{year:04d}", f"{month:02d}", f"{day:02d}"]
    for i, unknown in enumerate(("????", "??", "??")):
        if rng.random() < 0.12:
            fields[i] = unknown
    return ".".join(fields)


def elo(rng):
    """An Elo: a number (some on the filters' bounds), junk, or None (no tag)."""
    r = rng.random()
    if r < 0.1:
        return None
    if r < 0.22:
        return rng.choice(ELO_JUNK)
    if r < 0.32:
        return rng.choice(["2400", "1800", "2000", "2700"])
    return str(rng.randint(1100, 2850))


def random_tags(rng, result, white=None, black=None):
    """A tag section for a game whose result is `result`: roster first (Result left out
    now and then, or another than the game's), then Elos and EventDate."""
    white = white or rng.choice(PLAYERS)
    black = black or rng.choice([p for p in PLAYERS if p != white])
    r = rng.random()
    tags = [("Event", rng.choice(EVENTS)), ("Site", rng.choice(SITES)), ("Date", date(rng)),
            ("Round", rng.choice(ROUNDS)), ("White", white), ("Black", black)]
    if r < 0.08:
        pass  # no Result tag
    elif r < 0.14:
        tags.append(("Result", rng.choice(RESULTS)))
    else:
        tags.append(("Result", result))
    for name in ("WhiteElo", "BlackElo"):
        value = elo(rng)
        if value is not None:
            tags.append((name, value))
    if rng.random() < 0.5:
        tags.append(("EventDate", date(rng)))
    return tags
