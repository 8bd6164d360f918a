//! What a tag pair means (PGN standard, sections 8.1 and 9), for hovers.

/// A sentence on what the tag `name` records, for the tags of the standard.
pub fn meaning(name: &str) -> Option<&'static str> {
    Some(match name {
        "Event" => "the name of the tournament or match (roster tag)",
        "Site" => "where the game was played: city, region, IOC country code (roster tag)",
        "Date" => "the date the game began, YYYY.MM.DD, ? for what is unknown (roster tag)",
        "Round" => "the round of the event, ? if unknown, - if not relevant (roster tag)",
        "White" => "the player of the white pieces, Last, First (roster tag)",
        "Black" => "the player of the black pieces, Last, First (roster tag)",
        "Result" => "the result: 1-0, 0-1, 1/2-1/2 or * (roster tag)",
        "WhiteElo" | "BlackElo" => "the player's Elo rating, in digits",
        "WhiteTitle" | "BlackTitle" => "the player's FIDE title (GM, IM, FM, ...)",
        "EventDate" => "the date the event began, YYYY.MM.DD",
        "ECO" => "the opening's code in the Encyclopaedia of Chess Openings",
        "Opening" | "Variation" | "SubVariation" => "the opening's name, as a book gives it",
        "Time" | "UTCTime" => "the time the game began, HH:MM:SS",
        "UTCDate" => "the date the game began, in UTC, YYYY.MM.DD",
        "TimeControl" => "the time control, as 40/7200:3600 or 300+2",
        "SetUp" => "1 when the game starts from the position of the FEN tag",
        "FEN" => "the position the game starts from, in Forsyth-Edwards Notation",
        "Variant" => "the rules the game follows (Chess960 for Fischer random chess)",
        "Termination" => "how the game ended: normal, time forfeit, abandoned, ...",
        "Annotator" => "who annotated the game",
        "PlyCount" => "the number of half-moves of the game",
        "Mode" => "how the game was played: OTB, PM, EM, ICS, TC",
        "Board" => "the board of a team match",
        _ => return None,
    })
}
