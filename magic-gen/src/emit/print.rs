//! Prints token streams as Rust source with conventional spacing.
//!
//! `proc-macro2` prints a space between every two tokens (`mask : 0x1 ,`); generated code is read
//! by people diffing seeds, so it is printed the way rustfmt would lay out a single line.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// `tokens` on one line, spaced like hand-written Rust.
pub fn tidy(tokens: TokenStream) -> String {
    let mut out = String::new();
    print(tokens, &mut out);
    out
}

fn print(tokens: TokenStream, out: &mut String) {
    // What came before decides whether a space goes in front of the next token.
    #[derive(PartialEq)]
    enum Prev {
        Start,
        Ident,
        NoSpaceAfter,
        Other,
    }
    let mut prev = Prev::Start;
    let mut joint_colon = false;
    for token in tokens {
        let (space, next) = match &token {
            TokenTree::Punct(p) => {
                let c = p.as_char();
                let second_colon = joint_colon && c == ':';
                joint_colon = c == ':' && p.spacing() == Spacing::Joint;
                let space = !matches!(c, ',' | ';' | ':' | '.') && prev != Prev::NoSpaceAfter;
                let next = if joint_colon || second_colon || c == '#' || c == '.' {
                    Prev::NoSpaceAfter
                } else {
                    Prev::Other
                };
                (space, next)
            }
            TokenTree::Group(g) => {
                let glued = matches!(g.delimiter(), Delimiter::Parenthesis | Delimiter::Bracket)
                    && prev == Prev::Ident;
                (!glued && prev != Prev::NoSpaceAfter, Prev::Other)
            }
            TokenTree::Ident(_) | TokenTree::Literal(_) => {
                (prev != Prev::NoSpaceAfter, Prev::Ident)
            }
        };
        if space && prev != Prev::Start {
            out.push(' ');
        }
        match token {
            TokenTree::Group(group) => {
                let (open, close) = match group.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::Brace if group.stream().is_empty() => ("{", "}"),
                    Delimiter::Brace => ("{ ", " }"),
                    Delimiter::None => ("", ""),
                };
                out.push_str(open);
                print(group.stream(), out);
                out.push_str(close);
            }
            other => out.push_str(&other.to_string()),
        }
        prev = next;
    }
}

#[cfg(test)]
mod tests {
    use super::tidy;
    use quote::quote;

    #[test]
    fn spaces_like_rustfmt() {
        let tokens = quote! {
            pub static ROOK_MAGICS: [Magic; 64] = [Magic { mask: 1, shift: 52 }, crate::f(2)];
        };
        assert_eq!(
            tidy(tokens),
            "pub static ROOK_MAGICS: [Magic; 64] = [Magic { mask: 1, shift: 52 }, crate::f(2)];"
        );
        assert_eq!(tidy(quote! { #[rustfmt::skip] }), "#[rustfmt::skip]");
    }
}
