// Writes .br and .gz beside every text asset of the client build, at the highest levels: done
// once at build time, so @fastify/static serves them without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = "build/client";
const compressible = /\.(js|mjs|css|svg|json|txt|xml|html)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (compressible.test(name)) compress(file);
  }
}

function compress(file) {
  const bytes = readFileSync(file);
  if (bytes.length < 1024) return;
  const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  files++;
  before += bytes.length;
  after += br.length;
}

walk(root);
console.log(
  `precompressed ${files} files: ${Math.round(before / 1024)} KiB -> ${Math.round(after / 1024)} KiB (brotli)`,
);
