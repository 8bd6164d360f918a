// A small PNG reader for the test's screenshots: 8-bit RGB or RGBA, not interlaced (what
// Chromium writes). Enough to look at pixels without a dependency.

import { inflateSync } from "node:zlib";

const CHANNELS = { 2: 3, 6: 4 }; // colour type: RGB, RGBA

/** {width, height, pixel(x, y) → [r, g, b]} of a PNG file's bytes. */
export function readPng(bytes) {
  const chunks = readChunks(bytes);
  const header = chunks.find((c) => c.type === "IHDR").data;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [depth, colourType, , , interlace] = header.subarray(8);
  const channels = CHANNELS[colourType];
  if (depth !== 8 || !channels || interlace !== 0) {
    throw new Error(
      `unsupported PNG: depth ${depth}, colour type ${colourType}, interlace ${interlace}`,
    );
  }
  const packed = inflateSync(
    Buffer.concat(chunks.filter((c) => c.type === "IDAT").map((c) => c.data)),
  );
  const rows = unfilter(packed, width * channels, height, channels);
  return {
    width,
    height,
    pixel: (x, y) => [...rows[y].subarray(x * channels, x * channels + 3)],
  };
}

function readChunks(bytes) {
  const chunks = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    chunks.push({ type, data: bytes.subarray(at + 8, at + 8 + length) });
    at += 12 + length; // length, type, data, CRC
  }
  return chunks;
}

/** The rows of pixels, each row's filter (PNG spec, section 9) undone. */
function unfilter(packed, stride, height, bpp) {
  const rows = [];
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const start = y * (stride + 1);
    const filter = packed[start];
    const row = Buffer.from(packed.subarray(start + 1, start + 1 + stride));
    for (let i = 0; i < stride; i++) {
      const left = i >= bpp ? row[i - bpp] : 0;
      const up = previous[i];
      const upLeft = i >= bpp ? previous[i - bpp] : 0;
      row[i] = (row[i] + predict(filter, left, up, upLeft)) & 0xff;
    }
    rows.push(row);
    previous = row;
  }
  return rows;
}

function predict(filter, left, up, upLeft) {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return (left + up) >> 1;
    case 4: {
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    }
    default:
      throw new Error(`unknown PNG filter ${filter}`);
  }
}
