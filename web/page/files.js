// Text in and out of the page: files opened (plain or gzip), the text saved, and the text
// packed into a link. All of it with the browser's own streams: nothing leaves the page.

/** The bytes of a file (an `ArrayBuffer`); gzip (told by its first bytes, 1f 8b, not by its name) unpacked. */
export async function readFile(file) {
  const bytes = await file.arrayBuffer();
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  if (head[0] !== 0x1f || head[1] !== 0x8b) return bytes;
  const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(unpacked).arrayBuffer();
}

/**
 * The text of `bytes` where they are UTF-8 (a byte-order mark dropped), as jaque reads them;
 * null otherwise (jaque reads such a file game by game: the worker has its text).
 */
export function utf8Text(bytes) {
  const mark = new Uint8Array(bytes, 0, Math.min(3, bytes.byteLength));
  const start = mark[0] === 0xef && mark[1] === 0xbb && mark[2] === 0xbf ? 3 : 0;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(
      new Uint8Array(bytes, start),
    );
  } catch {
    return null;
  }
}

/** The name to save a file's text under: `games.pgn.gz` is saved unpacked, as `games.pgn`. */
export function savedName(name) {
  return name.replace(/\.gz$/i, "");
}

/** Offers `text` for download as `name`. */
export function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  // A browser reads the URL when the download starts, which may be a while after the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `text` compressed (raw deflate) and written in base64url: a URL fragment's worth. */
export async function packText(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  // In slices: String.fromCharCode takes its bytes as arguments, and arguments are few.
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The text of `packText`'s answer (throws when it is not one). */
export async function unpackText(packed) {
  const binary = atob(packed.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}
