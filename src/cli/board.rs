//! The board drawn for people: Unicode pieces, coordinates.

use jaque::{File, Position, Rank, Square};

/// The position as eight ranks of Unicode pieces with coordinates, white at the bottom.
pub fn draw(position: &Position) -> String {
    let mut text = String::new();
    for rank in Rank::ALL.into_iter().rev() {
        text.push_str(&format!("  {} ", rank.char()));
        for file in File::ALL {
            let square = Square::new(file, rank);
            text.push(' ');
            text.push(position.piece_at(square).map_or('·', |p| p.symbol()));
        }
        text.push('\n');
    }
    text.push_str("     a b c d e f g h\n");
    text
}
