// A static file server for the built page (web/dist), for the browser test and for trying
// the page locally:
//
//   node web/tests/serve.mjs [PORT]   # 0 or nothing: any free port; prints the address
//
// Only files under the folder are served, with the MIME types a browser insists on
// (application/wasm for WebAssembly.compileStreaming, text/javascript for modules).

import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/** Serves `root` on `port` (0: any free one); resolves to the server, listening. */
export function serve(root, port = 0) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://host").pathname);
    const file = join(root, normalize(path.endsWith("/") ? `${path}index.html` : path));
    const found = file.startsWith(root) && (await stat(file).catch(() => null));
    if (!found?.isFile()) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    response.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "content-length": found.size,
    });
    createReadStream(file).pipe(response);
  });
  return new Promise((done) => server.listen(port, "127.0.0.1", () => done(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(new URL("../dist", import.meta.url)));
  const server = await serve(root, Number(process.argv[2] ?? 0));
  console.log(`serving ${root} at http://127.0.0.1:${server.address().port}/`);
}
