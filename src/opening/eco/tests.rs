use super::*;

fn range(text: &str) -> (String, String) {
    let range: EcoRange = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    (range.first().to_string(), range.last().to_string())
}

fn fails(text: &str) -> (Range<usize>, EcoRangeReason) {
    let error = text.parse::<EcoRange>().unwrap_err();
    (error.span, error.reason)
}

#[test]
fn codes_prefixes_and_ranges_cover_their_codes() {
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(range("C50"), pair("C50", "C50"));
    assert_eq!(range("C5"), pair("C50", "C59"));
    assert_eq!(range("A"), pair("A00", "A99"));
    assert_eq!(range("B20-B99"), pair("B20", "B99"));
    assert_eq!(range("C5-D"), pair("C50", "D99"));
    assert_eq!(range("C5-C50"), pair("C50", "C50"));
    assert_eq!(range("a-e"), pair("A00", "E99"));
    assert_eq!(range("c07"), pair("C07", "C07"));
}

#[test]
fn contains_is_inclusive_and_false_for_text_that_is_no_code() {
    let range: EcoRange = "B20-C09".parse().unwrap();
    for (eco, inside) in [
        ("B19", false),
        ("B20", true),
        ("B99", true),
        ("C00", true),
        ("C09", true),
        ("C10", false),
        ("C0", false),
        ("", false),
        ("?", false),
        ("C05 ", false),
    ] {
        assert_eq!(range.contains(eco), inside, "{eco:?}");
    }
}

#[test]
fn a_bad_range_names_its_bytes_and_why() {
    use EcoRangeReason::*;
    assert_eq!(fails(""), (0..0, Empty));
    assert_eq!(fails("F00"), (0..1, UnknownVolume('F')));
    assert_eq!(fails("C50-z"), (4..5, UnknownVolume('z')));
    assert_eq!(fails("5C"), (0..1, NotALetter));
    assert_eq!(fails("é"), (0..2, NotALetter));
    assert_eq!(fails("C500"), (3..4, TooManyDigits));
    assert_eq!(fails("C5x"), (2..3, Trailing));
    assert_eq!(fails("C50 - C59"), (3..9, Trailing));
    assert_eq!(fails("C50-"), (4..4, MissingEnd));
    assert_eq!(fails("C50-C59-"), (7..8, AfterRange));
    let (span, reason) = fails("C5-C3");
    assert_eq!(span, 0..5);
    assert_eq!(
        reason.to_string(),
        "the range is reversed: C5 starts at C50, after C3 ends at C39"
    );
    assert_eq!(
        fails("F00").1.to_string(),
        "there is no ECO volume F: the codes run from A00 to E99"
    );
}

#[test]
fn a_code_is_three_characters() {
    assert_eq!("E99".parse::<Eco>(), Ok(Eco::LAST));
    assert_eq!("a00".parse::<Eco>(), Ok(Eco::FIRST));
    assert_eq!(
        "C5".parse::<Eco>().unwrap_err().reason,
        EcoRangeReason::NotACode
    );
    assert_eq!("C50-".parse::<Eco>().unwrap_err().span, 3..4);
    assert!(Eco::FIRST < "A01".parse().unwrap());
}
