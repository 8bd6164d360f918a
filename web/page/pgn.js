// Colours for PGN text: tag pairs, comments, move numbers, NAGs and results stand apart
// from the moves. Only for the eye: what the text means is jaque's to say (the diagnostics).

import { HighlightStyle, StreamLanguage, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";

const pgn = StreamLanguage.define({
  name: "pgn",
  startState: () => ({ inComment: false }),
  token(stream, state) {
    if (state.inComment || stream.eat("{")) {
      state.inComment = !stream.skipTo("}");
      if (state.inComment) stream.skipToEnd();
      else stream.next();
      return "comment";
    }
    if (stream.eatSpace()) return null;
    if (stream.sol() && stream.match(/^%.*/)) return "comment"; // an escape line
    if (stream.match(/^;.*/)) return "comment";
    if (stream.match(/^\[\s*[A-Za-z0-9_]+/) || stream.eat("]")) return "meta";
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return "string";
    if (stream.match(/^(?:1-0|0-1|1\/2-1\/2|\*)(?=[\s)]|$)/)) return "keyword";
    if (stream.match(/^\d+\s*\.+/)) return "number";
    if (stream.match(/^\$\d+/) || stream.match(/^[!?]+/)) return "atom";
    if (stream.eat("(") || stream.eat(")")) return "paren";
    stream.match(/^[^\s{}()[\];"$!?]+/) || stream.next();
    return null;
  },
});

const colours = HighlightStyle.define([
  { tag: tags.comment, color: "#5c7a52", fontStyle: "italic" },
  { tag: tags.meta, color: "#7a4f9a" },
  { tag: tags.string, color: "#9a5b16" },
  { tag: tags.number, color: "#8a8f98" },
  { tag: tags.keyword, color: "#1f2933", fontWeight: "bold" },
  { tag: tags.atom, color: "#1d7a8c" },
  { tag: tags.paren, color: "#8a8f98" },
]);

/** PGN's colours, as an editor extension. */
export const pgnHighlighting = [pgn, syntaxHighlighting(colours)];
