import sharp from "sharp";

/**
 * Photos drawn by code: demo content and placeholders need pictures, and the app can download
 * none. Each photo is an SVG scene, a street facade in a property type's style or a room in
 * one-point perspective, rendered by sharp to JPEG. Every choice comes from a seeded PRNG, so
 * the same options always give the same bytes. There is no text in any picture.
 *
 * The file is long because drawing is: it is one module with one entry point, in three parts
 * (primitives, facades, rooms) that a later split could move out as they are.
 */

export type PhotoKind = "facade" | "living-room" | "kitchen" | "bedroom" | "bathroom";

export const PHOTO_KINDS = [
  "facade",
  "living-room",
  "kitchen",
  "bedroom",
  "bathroom",
] as const satisfies readonly PhotoKind[];

export const FACADE_STYLES = [
  "apartment",
  "house",
  "condo",
  "townhouse",
  "duplex",
  "studio",
  "loft",
  "single-family",
  "multi-family",
  "commercial",
] as const;

// Every scene is drawn on this canvas; other sizes are a centred crop ("slice") of it.
const VW = 1600;
const VH = 1067;
const JPEG_QUALITY = 82;
const MAX_SIDE = 4000;

export async function generatePhoto(options: {
  kind: PhotoKind;
  seed: number;
  style?: string;
  width?: number;
  height?: number;
}): Promise<Buffer> {
  const { kind, seed, style, width = 1600, height = 1067 } = options;
  for (const side of [width, height]) {
    if (!Number.isInteger(side) || side < 1 || side > MAX_SIDE) {
      throw new RangeError(`Photo sides must be whole numbers from 1 to ${MAX_SIDE}.`);
    }
  }
  const rng = createRng(seed);
  const scene = kind === "facade" ? drawFacade(rng, style) : drawRoom(rng, kind);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${VW} ${VH}" preserveAspectRatio="xMidYMid slice">${scene}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: JPEG_QUALITY }).toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Randomness, colour and SVG primitives

type Rng = {
  between: (min: number, max: number) => number;
  int: (min: number, max: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
};

/** mulberry32: tiny, fast and good enough to vary pictures; the same seed gives the same run. */
function createRng(seed: number): Rng {
  let state = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    between: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}

type Hsl = readonly [hue: number, saturation: number, lightness: number];

/** Palettes written as "h s l, h s l": one line each instead of a column of tuples. */
function palette(text: string): readonly Hsl[] {
  return text.split(",").map((entry) => {
    const [h = 0, s = 0, l = 0] = entry.trim().split(/\s+/).map(Number);
    return [h, s, l];
  });
}

function hsl(c: Hsl, dl = 0): string {
  const l = Math.min(100, Math.max(0, c[2] + dl));
  return `hsl(${Math.round(c[0])},${Math.round(c[1])}%,${Math.round(l)}%)`;
}

function vary(rng: Rng, c: Hsl, dh = 5, ds = 5, dl = 4): Hsl {
  const s = Math.max(0, c[1] + rng.between(-ds, ds));
  return [c[0] + rng.between(-dh, dh), s, c[2] + rng.between(-dl, dl)];
}

type Pt = readonly [number, number];
const num = (v: number) => String(Math.round(v * 10) / 10);
const opacity = (o: number) => ` opacity="${o}"`;

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ""): string {
  return `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${fill}"${extra}/>`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = "") {
  return `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="${fill}"${extra}/>`;
}

function line(a: Pt, b: Pt, stroke: string, width: number, extra = ""): string {
  const path = d`M${a[0]} ${a[1]}L${b[0]} ${b[1]}`;
  return `<path d="${path}" fill="none" stroke="${stroke}" stroke-width="${width}"${extra}/>`;
}

/** Path data with every number rounded, written as a template: d`M${x} ${y}H${x2}Z`. */
function d(strings: TemplateStringsArray, ...values: number[]): string {
  return strings.reduce((out, s, i) => out + s + (i < values.length ? num(values[i]!) : ""), "");
}

function polygon(...points: Pt[]): string {
  return `${points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${num(x)} ${num(y)}`).join("")}Z`;
}

function shape(pathData: string, fill: string, extra = ""): string {
  return `<path d="${pathData}" fill="${fill}"${extra}/>`;
}

/** Evenly spaced stops, top to bottom or left to right. */
function gradient(id: string, colors: string[], right = false, opacities: number[] = []) {
  const end = right ? 'x2="1" y2="0"' : 'x2="0" y2="1"';
  const stops = colors.map((c, i) => {
    const offset = colors.length > 1 ? i / (colors.length - 1) : 0;
    return `<stop offset="${num(offset)}" stop-color="${c}" stop-opacity="${opacities[i] ?? 1}"/>`;
  });
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}>${stops.join("")}</linearGradient>`;
}

/** Darkens the corners a little, as a lens does; it makes flat drawings read as photographs. */
function vignette(strength: number): string {
  const stops =
    '<stop offset="0.55" stop-color="#000" stop-opacity="0"/>' +
    `<stop offset="1" stop-color="#000" stop-opacity="${strength}"/>`;
  return `<radialGradient id="vignette" r="0.75">${stops}</radialGradient>${rect(0, 0, VW, VH, "url(#vignette)")}`;
}

// ---------------------------------------------------------------------------------------------
// Facades: sky, street and a building drawn in the style of the property type

type Building = { svg: string; x: number; w: number; baseY: number; lawn: boolean };
type FacadeStyle = (typeof FACADE_STYLES)[number];

const FACADE_DRAWERS: Record<FacadeStyle, (rng: Rng) => Building> = {
  apartment: (rng) => apartmentBlock(rng, { storeys: [3, 6], storefront: false }),
  studio: (rng) => apartmentBlock(rng, { storeys: [3, 4], storefront: false }),
  commercial: (rng) => apartmentBlock(rng, { storeys: [2, 4], storefront: true }),
  house: (rng) => colonialHouse(rng, 1),
  "single-family": (rng) => colonialHouse(rng, 1),
  duplex: (rng) => colonialHouse(rng, 2),
  "multi-family": tripleDeckers,
  townhouse: townhouseRow,
  condo: modernCondo,
  loft: industrialLoft,
};

const BRICKS = palette("10 42 38, 16 38 44, 6 36 32, 30 30 60");
const SIDING = palette("40 20 94, 48 55 82, 205 18 66, 95 14 64, 4 45 36, 35 25 80, 210 10 48");
const ACCENTS = palette("355 55 32, 215 45 25, 150 30 22, 0 0 12, 28 45 30");
const TRIM = "#f4f2ec";
const STEP = hsl([30, 5, 72]);

function drawFacade(rng: Rng, style: string | undefined): string {
  const known = FACADE_STYLES.find((s) => s === style);
  const building = FACADE_DRAWERS[known ?? rng.pick(FACADE_STYLES)](rng);
  return [
    facadeDefs(rng),
    sky(rng),
    backdrop(rng, building.baseY),
    street(rng, building),
    building.svg,
    frontTrees(rng, building),
    vignette(0.28),
  ].join("");
}

function facadeDefs(rng: Rng): string {
  const glassTop = hsl(vary(rng, [205, 30, 78], 6, 6, 4));
  const brickTile =
    rect(0, 0, 23, 7, "#000", opacity(0.05)) +
    rect(24, 8, 23, 7, "#fff", opacity(0.05)) +
    `<path d="M0 7.5H48M0 15.5H48M12 0V7.5M36 0V7.5M0 8V16M24 8V16" stroke="#d9d2c8" stroke-opacity="0.4" stroke-width="1.4"/>`;
  const tile = (id: string, w: number, h: number, body: string) =>
    `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse">${body}</pattern>`;
  return [
    "<defs>",
    gradient("glass", [glassTop, hsl([208, 24, 50]), hsl([214, 26, 26])]),
    gradient("shade", ["#fff", "#000", "#000"], true, [0.06, 0, 0.16]),
    tile("brick", 48, 16, brickTile),
    tile(
      "clapboard",
      40,
      15,
      rect(0, 0, 40, 3, "#fff", opacity(0.14)) + rect(0, 12.5, 40, 2.5, "#000", opacity(0.13)),
    ),
    tile(
      "shingles",
      34,
      16,
      line([0, 15.5], [34, 15.5], "#000", 1.5, opacity(0.22)) +
        line([8, 0], [8, 8], "#000", 1.5, opacity(0.22)),
    ),
    tile("rail", 11, 40, rect(0, 0, 3, 40, "#222")),
    "</defs>",
  ].join("");
}

function sky(rng: Rng): string {
  const top = vary(rng, [211, 58, 56], 8, 10, 6);
  const bottom = vary(rng, [203, 45, 88], 8, 10, 3);
  const clouds: string[] = [];
  for (let i = rng.int(2, 5); i > 0; i--) {
    const [cx, cy, s] = [rng.between(0, VW), rng.between(70, 330), rng.between(0.6, 1.4)];
    clouds.push(ellipse(cx, cy + 18 * s, 150 * s, 26 * s, "#dfe6ee", opacity(0.7)));
    for (let j = -2; j <= 2; j++) {
      const rx = rng.between(50, 85) * s;
      clouds.push(ellipse(cx + j * 55 * s, cy - rng.between(0, 30) * s, rx, rx * 0.55, "#fff"));
    }
  }
  const alpha = num(rng.between(0.55, 0.85));
  return `${gradient("sky", [hsl(top), hsl(bottom)])}${rect(0, 0, VW, VH, "url(#sky)")}<g opacity="${alpha}">${clouds.join("")}</g>`;
}

/** Distant trees and rooftops behind the building, pale with haze. */
function backdrop(rng: Rng, baseY: number): string {
  const out: string[] = [];
  for (let x = -40; x < VW + 60; x += rng.between(60, 200)) {
    const h = rng.between(60, 260);
    out.push(rect(x, baseY - h, rng.between(90, 200), h, hsl(vary(rng, [212, 12, 74], 4, 4, 5))));
  }
  for (let x = -30; x < VW + 60; x += rng.between(35, 70)) {
    const r = rng.between(40, 80);
    const green = hsl(vary(rng, [150, 16, 58], 12, 6, 6));
    out.push(ellipse(x, baseY - rng.between(20, 90), r, r * 1.1, green));
  }
  return `<g opacity="0.85">${out.join("")}</g>`;
}

function street(rng: Rng, b: Building): string {
  const walkY = b.lawn ? b.baseY + 105 : b.baseY;
  const out: string[] = [];
  if (b.lawn) {
    const grass = vary(rng, [95, 32, 40], 10, 8, 5);
    out.push(gradient("lawn", [hsl(grass, -6), hsl(grass, 6)]));
    out.push(rect(0, b.baseY - 30, VW, walkY - b.baseY + 30, "url(#lawn)"));
  }
  out.push(rect(0, walkY, VW, 62, hsl([30, 6, 76])), rect(0, walkY + 62, VW, 9, hsl([30, 5, 62])));
  for (let x = rng.between(0, 150); x < VW; x += 150) {
    out.push(line([x, walkY], [x - 30, walkY + 62], hsl([30, 5, 64]), 2));
  }
  out.push(
    gradient("asphalt", [hsl([220, 6, 34]), hsl([220, 6, 24])]),
    rect(0, walkY + 71, VW, VH, "url(#asphalt)"),
    rect(0, walkY + 150, VW, 6, "#e9e4d0", opacity(0.5)),
  );
  return out.join("");
}

function tree(rng: Rng, x: number, groundY: number, scale: number): string {
  const green = vary(rng, [100, 30, 32], 14, 8, 6);
  const crownY = groundY - 300 * scale;
  const out = [
    ellipse(x, groundY, 70 * scale, 10 * scale, "#000", opacity(0.18)),
    rect(x - 9 * scale, crownY, 18 * scale, groundY - crownY, hsl([25, 25, 26])),
  ];
  for (let i = 0; i < 9; i++) {
    const r = rng.between(55, 85) * scale;
    const [dx, dy] = [rng.between(-90, 90) * scale, rng.between(-110, 40) * scale];
    const tone = dy > 0 ? -6 : rng.between(-2, 8);
    out.push(ellipse(x + dx, crownY + dy, r, r * 0.92, hsl(green, tone)));
  }
  return out.join("");
}

function frontTrees(rng: Rng, b: Building): string {
  const groundY = b.lawn ? b.baseY + 80 : b.baseY + 40;
  const out: string[] = [];
  if (b.x > 110 || rng.chance(0.5)) {
    out.push(tree(rng, b.x - rng.between(0, 90), groundY, rng.between(0.8, 1.1)));
  }
  if (VW - b.x - b.w > 110 || rng.chance(0.5)) {
    out.push(tree(rng, b.x + b.w + rng.between(0, 90), groundY, rng.between(0.8, 1.1)));
  }
  return out.join("");
}

function shrubs(rng: Rng, x0: number, x1: number, y: number, gap: readonly [number, number]) {
  const out: string[] = [];
  for (let x = x0 + 20; x < x1 - 10; x += rng.between(45, 70)) {
    if (x > gap[0] && x < gap[1]) continue;
    const r = rng.between(28, 42);
    out.push(ellipse(x, y - r * 0.5, r, r * 0.75, hsl(vary(rng, [110, 30, 28], 10, 6, 5))));
  }
  return out.join("");
}

type WindowLook = { frame: string; cols?: number; rows?: number; sill?: string; lintel?: string };

function windowAt(rng: Rng, x: number, y: number, w: number, h: number, look: WindowLook) {
  const { frame, cols = 1, rows = 2 } = look;
  const t = Math.max(4, Math.min(w, h) * 0.07);
  const out: string[] = [];
  if (look.lintel) out.push(rect(x - 7, y - 13, w + 14, 13, look.lintel));
  out.push(rect(x, y, w, h, frame), rect(x + t, y + t, w - 2 * t, h - 2 * t, "url(#glass)"));
  if (rng.chance(0.35)) {
    const side = rng.chance(0.5) ? x + t : x + w / 2;
    out.push(rect(side, y + t, w / 2 - t, h - 2 * t, "#f4efe4", opacity(0.55)));
  }
  const glint = d`M${x + t} ${y + h * 0.55}L${x + w * 0.55} ${y + t}H${x + w * 0.8}L${x + t} ${y + h * 0.85}Z`;
  out.push(shape(glint, "#fff", opacity(0.12)));
  for (let c = 1; c < cols; c++) out.push(rect(x + (w * c) / cols - 1.5, y, 3, h, frame));
  for (let r = 1; r < rows; r++) out.push(rect(x, y + (h * r) / rows - 2, w, 4, frame));
  if (look.sill) out.push(rect(x - 6, y + h, w + 12, 8, look.sill));
  return out.join("");
}

function door(x: number, y: number, w: number, h: number, color: string) {
  return [
    rect(x - 9, y - 9, w + 18, h + 9, TRIM),
    rect(x, y, w, h, color),
    rect(x + w * 0.14, y + h * 0.08, w * 0.72, h * 0.34, "#000", opacity(0.12)),
    rect(x + w * 0.14, y + h * 0.52, w * 0.72, h * 0.38, "#000", opacity(0.12)),
    ellipse(x + w * 0.82, y + h * 0.52, 4, 4, "#d8c27a"),
  ].join("");
}

/** An isosceles triangle standing on [x0, x1] at baseY with its apex at apexY. */
function gable(x0: number, x1: number, baseY: number, apexY: number, fill: string, extra = "") {
  return shape(d`M${x0} ${baseY}L${(x0 + x1) / 2} ${apexY}L${x1} ${baseY}Z`, fill, extra);
}

type Bays = { x: number; w: number; baseY: number; sh: number; cols: number; bay: number };

function apartmentBlock(rng: Rng, o: { storeys: [number, number]; storefront: boolean }): Building {
  const storeys = rng.int(...o.storeys);
  const [sh, cols, bay] = [104, rng.int(5, 7), rng.between(134, 152)];
  const w = cols * bay + 50;
  const x = (VW - w) / 2 + rng.between(-80, 80);
  const baseY = 880;
  const top = baseY - storeys * sh - 36;
  const stone = vary(rng, [38, 20, 80], 4, 6, 4);
  const look: WindowLook = { frame: "#efece6", lintel: hsl(stone), sill: hsl(stone), rows: 2 };
  const out = [
    rect(x, top, w, baseY - top, hsl(vary(rng, rng.pick(BRICKS), 4, 6, 4))),
    rect(x, top, w, baseY - top, "url(#brick)"),
    rect(x - 16, top - 8, w + 32, 24, hsl(stone, 4)),
    rect(x - 8, top + 16, w + 16, 12, hsl(stone, -10)),
  ];
  for (let dx = 6; dx < w; dx += 20) out.push(rect(x + dx, top + 28, 10, 9, hsl(stone, -4)));
  const balconies = !o.storefront && rng.chance(0.45);
  for (let f = 1; f < storeys; f++) {
    for (let c = 0; c < cols; c++) {
      const [wx, wy] = [x + 25 + c * bay + (bay - 72) / 2, baseY - (f + 1) * sh + 24];
      out.push(windowAt(rng, wx, wy, 72, sh - 44, look));
      if (balconies && c % 2 === 1) out.push(balcony(wx - 14, wy + sh - 86, hsl(stone, -6)));
    }
  }
  out.push(rect(x, baseY - sh, w, sh, hsl(stone, -6)));
  out.push(rect(x - 4, baseY - sh - 10, w + 8, 12, hsl(stone, 4)));
  const bays: Bays = { x, w, baseY, sh, cols, bay };
  const accent = hsl(rng.pick(ACCENTS));
  out.push(o.storefront ? storefront(rng, bays, accent) : entrance(rng, bays, look, accent));
  out.push(rect(x, top, w, baseY - top, "url(#shade)"));
  return { svg: out.join(""), x, w, baseY, lawn: false };
}

function balcony(x: number, y: number, slab: string) {
  return (
    rect(x - 2, y + 36, 104, 8, slab) +
    rect(x, y + 2, 100, 34, "url(#rail)") +
    rect(x, y, 100, 4, "#222")
  );
}

function entrance(rng: Rng, b: Bays, look: WindowLook, accent: string): string {
  const middle = Math.floor(b.cols / 2);
  const out: string[] = [];
  for (let c = 0; c < b.cols; c++) {
    const wx = b.x + 25 + c * b.bay + (b.bay - 72) / 2;
    if (c !== middle) out.push(windowAt(rng, wx, b.baseY - b.sh + 22, 72, b.sh - 44, look));
  }
  const cx = b.x + 25 + middle * b.bay + b.bay / 2;
  out.push(door(cx - 42, b.baseY - 86, 84, 86, accent));
  out.push(rect(cx - 70, b.baseY - 104, 140, 12, "#2b2b2b"), rect(cx - 60, b.baseY, 120, 10, STEP));
  return out.join("");
}

function storefront(rng: Rng, b: Bays, accent: string) {
  const top = b.baseY - b.sh;
  const out = [rect(b.x, top, b.w, 26, accent)];
  const shops = rng.int(2, 3);
  const sw = b.w / shops;
  for (let i = 0; i < shops; i++) {
    const sx = b.x + i * sw + 14;
    const awning = d`M${sx - 6} ${top + 30}H${sx + sw - 22}L${sx + sw - 12} ${top + 62}H${sx - 16}Z`;
    out.push(
      rect(sx, top + 34, sw - 28, b.sh - 34, "#2d2a26"),
      rect(sx + 6, top + 40, sw - 40, b.sh - 46, "url(#glass)"),
      rect(sx + sw * 0.5 - 30, top + 46, 44, b.sh - 46, "#3a3631", opacity(0.7)),
      shape(awning, accent),
      rect(sx - 16, top + 62, sw - 4, 7, "#000", opacity(0.25)),
    );
  }
  return out.join("");
}

/** A New England colonial: clapboard, side-gabled roof, shutters, portico; a duplex has two doors. */
function colonialHouse(rng: Rng, units: 1 | 2): Building {
  const sh = 142;
  const w = units === 2 ? rng.between(900, 980) : rng.between(720, 840);
  const x = (VW - w) / 2 + rng.between(-70, 70);
  const baseY = 800;
  const top = baseY - 2 * sh - 16;
  const shutter = hsl(vary(rng, rng.pick(ACCENTS), 4, 4, 3));
  const roofH = rng.between(150, 190);
  const roof = vary(rng, [215, 8, 26], 10, 4, 5);
  const chimneyX = rng.chance(0.5) ? x + w * 0.14 : x + w * 0.8;
  const roofPath = d`M${x - 30} ${top + 4}H${x + w + 30}L${x + w - 40} ${top - roofH}H${x + 40}Z`;
  const wallH = baseY - top - 8;
  const out = [
    rect(chimneyX, top - roofH - 40, 50, roofH, hsl([8, 35, 36])),
    rect(chimneyX - 5, top - roofH - 48, 60, 12, hsl([8, 20, 28])),
    shape(roofPath, hsl(roof)) + shape(roofPath, "url(#shingles)"),
    rect(x - 32, top, w + 64, 8, TRIM),
    rect(x, top + 8, w, wallH, hsl(vary(rng, rng.pick(SIDING), 4, 4, 3))),
    rect(x, top + 8, w, wallH, "url(#clapboard)"),
    rect(x, top + 8, 14, wallH, TRIM) + rect(x + w - 14, top + 8, 14, wallH, TRIM),
    rect(x - 4, baseY - 4, w + 8, 26, hsl([30, 6, 58])),
  ];
  if (units === 1 && rng.chance(0.6)) {
    for (const f of [0.3, 0.7]) out.push(dormer(rng, x + w * f, top - roofH * 0.45, roof));
  }
  const bays = units === 2 ? 6 : 5;
  const doors = units === 2 ? [2, 3] : [2];
  const look: WindowLook = { frame: TRIM, cols: 3, rows: 4, sill: TRIM };
  const bayX = (i: number) => x + (w * (i + 0.5)) / bays;
  for (let i = 0; i < bays; i++) {
    out.push(shutteredWindow(rng, bayX(i), top + 36, look, shutter));
    if (!doors.includes(i)) out.push(shutteredWindow(rng, bayX(i), top + sh + 44, look, shutter));
  }
  const doorColor = hsl(rng.pick(ACCENTS));
  for (const i of doors) out.push(portico(bayX(i), baseY, doorColor));
  const walkX = (bayX(doors[0]!) + bayX(doors.at(-1)!)) / 2;
  const walk = d`M${walkX - 40} ${baseY + 22}H${walkX + 40}L${walkX + 70} ${baseY + 105}H${walkX - 70}Z`;
  out.push(shape(walk, hsl([30, 8, 70])));
  out.push(shrubs(rng, x - 20, x + w + 20, baseY + 20, [walkX - 110 * units, walkX + 110 * units]));
  out.push(rect(x, top + 8, w, baseY - top, "url(#shade)"));
  return { svg: out.join(""), x, w, baseY, lawn: true };
}

function shutteredWindow(rng: Rng, cx: number, y: number, look: WindowLook, shutter: string) {
  const [w, h] = [70, 100];
  const shutters =
    rect(cx - w / 2 - 30, y, 24, h, shutter) + rect(cx + w / 2 + 6, y, 24, h, shutter);
  return shutters + windowAt(rng, cx - w / 2, y, w, h, look);
}

function dormer(rng: Rng, cx: number, y: number, roof: Hsl) {
  return [
    rect(cx - 45, y, 90, 80, TRIM),
    windowAt(rng, cx - 28, y + 14, 56, 62, { frame: TRIM, cols: 2, rows: 2 }),
    gable(cx - 58, cx + 58, y + 4, y - 44, hsl(roof, -4)),
  ].join("");
}

function portico(cx: number, baseY: number, doorColor: string) {
  return [
    door(cx - 40, baseY - 140, 80, 140, doorColor),
    rect(cx - 68, baseY - 150, 12, 150, TRIM) + rect(cx + 56, baseY - 150, 12, 150, TRIM),
    rect(cx - 76, baseY - 168, 152, 18, TRIM),
    gable(cx - 82, cx + 82, baseY - 166, baseY - 212, TRIM),
    gable(cx - 62, cx + 62, baseY - 170, baseY - 200, "#000", opacity(0.08)),
    rect(cx - 70, baseY, 140, 12, STEP) + rect(cx - 80, baseY + 12, 160, 12, hsl([30, 5, 66])),
  ].join("");
}

/** The Connecticut triple-decker: three flats stacked, porches on the front, a front gable. */
function tripleDeckers(rng: Rng): Building {
  const count = rng.chance(0.6) ? 2 : 1;
  const [w, gap, baseY] = [470, 150, 830];
  const total = count * w + (count - 1) * gap;
  const x0 = (VW - total) / 2 + rng.between(-60, 60);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(tripleDecker(rng, x0 + i * (w + gap), w, baseY, rng.chance(0.5)));
  }
  return { svg: out.join(""), x: x0, w: total, baseY, lawn: true };
}

function tripleDecker(rng: Rng, x: number, w: number, baseY: number, porchLeft: boolean) {
  const sh = 150;
  const top = baseY - 3 * sh;
  const body = hsl(vary(rng, rng.pick(SIDING), 4, 4, 3));
  const roof = hsl(vary(rng, [215, 8, 28], 10, 4, 5));
  const look: WindowLook = { frame: TRIM, rows: 2, sill: TRIM };
  const out = [
    gable(x - 24, x + w + 24, top + 6, top - 170, roof),
    gable(x + 14, x + w - 14, top, top - 145, body),
    gable(x + 14, x + w - 14, top, top - 145, "url(#clapboard)"),
    windowAt(rng, x + w / 2 - 30, top - 95, 60, 75, look),
    rect(x, top, w, 3 * sh, body) + rect(x, top, w, 3 * sh, "url(#clapboard)"),
    rect(x - 2, top - 8, w + 4, 10, TRIM),
    rect(x - 4, baseY - 4, w + 8, 24, hsl([30, 6, 56])),
  ];
  const pw = w * 0.46;
  const px = porchLeft ? x : x + w - pw;
  const wx = porchLeft ? x + pw + 30 : x + 30;
  const doorX = px + (porchLeft ? pw * 0.25 : pw * 0.75) - 26;
  for (let f = 0; f < 3; f++) {
    const fy = baseY - (f + 1) * sh;
    out.push(windowAt(rng, wx, fy + 30, 70, 100, look));
    out.push(windowAt(rng, wx + 120, fy + 30, 70, 100, look));
    out.push(
      rect(px, fy + 10, pw, sh - 10, "#000", opacity(0.28)),
      door(doorX, fy + sh - 112, 52, 112, hsl(rng.pick(ACCENTS))),
      rect(px, fy, pw, 14, TRIM),
      rect(px, fy + sh - 52, pw, 48, "url(#rail)") + rect(px, fy + sh - 56, pw, 6, TRIM),
    );
    for (const post of [px, px + pw / 2 - 6, px + pw - 12]) {
      out.push(rect(post, fy + 10, 12, sh - 10, TRIM));
    }
  }
  out.push(
    rect(x, top, w, 3 * sh, "url(#shade)"),
    shrubs(rng, x, x + w, baseY + 20, [px, px + pw]),
  );
  out.push(rect(px + pw / 2 - 60, baseY, 120, 12, STEP));
  return out.join("");
}

/** A row of narrow three-storey townhouses, each painted or bricked differently, with stoops. */
function townhouseRow(rng: Rng): Building {
  const n = rng.int(3, 5);
  const unitW = rng.between(240, 290);
  const w = n * unitW;
  const x0 = (VW - w) / 2 + rng.between(-50, 50);
  const baseY = 880;
  const colors = [...BRICKS, ...SIDING.slice(0, 4)];
  const out: string[] = [];
  let previous = -1;
  for (let i = 0; i < n; i++) {
    let k = rng.int(0, colors.length - 1);
    if (k === previous) k = (k + 1) % colors.length;
    previous = k;
    const texture = k < BRICKS.length ? "url(#brick)" : "url(#clapboard)";
    const color = vary(rng, colors[k]!, 4, 4, 3);
    out.push(
      townhouse(rng, { x: x0 + i * unitW, w: unitW, baseY, color, texture, doorLeft: i % 2 === 0 }),
    );
  }
  return { svg: out.join(""), x: x0, w, baseY, lawn: false };
}

type Townhouse = {
  x: number;
  w: number;
  baseY: number;
  color: Hsl;
  texture: string;
  doorLeft: boolean;
};

function townhouse(rng: Rng, house: Townhouse) {
  const { x, w, baseY, color, texture, doorLeft } = house;
  const sh = 142;
  const top = baseY - 3 * sh - rng.pick([30, 30, 54]);
  const trim = rng.chance(0.5) ? TRIM : hsl([30, 8, 22]);
  const stone = hsl([35, 15, 78]);
  const look: WindowLook = { frame: TRIM, rows: 2, sill: stone, lintel: stone };
  const out = [rect(x, top, w, baseY - top, hsl(color)), rect(x, top, w, baseY - top, texture)];
  out.push(rect(x - 4, top - 10, w + 8, 22, trim), rect(x, top + 12, w, 8, "#000", opacity(0.15)));
  for (let b = 12; b < w; b += 52) out.push(rect(x + b, top + 12, 10, 20, trim));
  for (let f = 0; f < 3; f++) {
    for (const c of [0, 1]) {
      if (f === 0 && c === (doorLeft ? 0 : 1)) continue;
      out.push(
        windowAt(rng, x + 40 + c * (w / 2 - 10), baseY - (f + 1) * sh + 30, 70, sh - 58, look),
      );
    }
  }
  const dx = doorLeft ? x + 38 : x + w / 2 + 30;
  out.push(door(dx, baseY - sh + 30, 74, sh - 70, hsl(rng.pick(ACCENTS))));
  for (let s = 0; s < 4; s++) {
    out.push(rect(dx - 10 - s * 4, baseY - 40 + s * 12, 94 + s * 8, 12, hsl([30, 8, 66 - s * 3])));
  }
  out.push(
    rect(x, top, 3, baseY - top, "#000", opacity(0.25)),
    rect(x, top, w, baseY - top, "url(#shade)"),
  );
  return out.join("");
}

/** Glass and concrete: slab edges, curtain wall, glass balustrades and a timber accent. */
function modernCondo(rng: Rng): Building {
  const [storeys, sh] = [rng.int(5, 7), 100];
  const w = rng.between(980, 1180);
  const x = (VW - w) / 2 + rng.between(-80, 80);
  const baseY = 880;
  const top = baseY - storeys * sh - 20;
  const concrete = vary(rng, [40, 6, 84], 10, 3, 3);
  const out = [rect(x, top, w, baseY - top, hsl(concrete, -8))];
  for (let f = 0; f < storeys; f++) {
    const fy = baseY - (f + 1) * sh;
    out.push(rect(x + 12, fy + 12, w - 24, sh - 12, "url(#glass)"));
    for (let mx = x + 12; mx < x + w - 12; mx += 92) {
      out.push(rect(mx, fy + 12, 4, sh - 12, hsl([210, 8, 22])));
    }
    if (rng.chance(0.5)) {
      const blind = rect(
        x + rng.between(20, w - 200),
        fy + 14,
        rng.between(90, 180),
        sh * 0.4,
        "#f3efe6",
      );
      out.push(`<g opacity="0.5">${blind}</g>`);
    }
    out.push(rect(x - 6, fy, w + 12, 13, hsl(concrete)));
    if (f > 0) out.push(glassBalconies(x, w, fy + sh, concrete));
  }
  const wood = vary(rng, [28, 45, 46], 4, 6, 5);
  const [ax, aw, ah] = [x + w * rng.pick([0.1, 0.62]), w * 0.2, baseY - top - sh - 20];
  out.push(rect(ax, top + 20, aw, ah, hsl(wood)));
  for (let s = ax + 8; s < ax + aw; s += 16) out.push(rect(s, top + 20, 3, ah, hsl(wood, -10)));
  out.push(
    rect(x - 10, top - 8, w + 20, 28, hsl(concrete, 4)),
    rect(x + w * 0.3, top - 50, w * 0.25, 42, hsl(concrete, -4)),
    rect(x + w / 2 - 140, baseY - sh - 12, 280, 16, hsl(concrete, -20)),
    rect(x + w / 2 - 60, baseY - sh + 30, 120, sh - 30, hsl([210, 15, 18])),
    rect(x + w / 2 - 2, baseY - sh + 30, 4, sh - 30, hsl(concrete)),
    rect(x, top, w, baseY - top, "url(#shade)"),
  );
  return { svg: out.join(""), x, w, baseY, lawn: false };
}

function glassBalconies(x: number, w: number, floorY: number, concrete: Hsl): string {
  const out: string[] = [];
  const bw = w / 3 - 80;
  for (let b = 0; b < 3; b++) {
    const bx = x + 40 + b * (w / 3);
    out.push(rect(bx - 8, floorY - 6, bw + 16, 10, hsl(concrete, 4)));
    out.push(rect(bx, floorY - 44, bw, 38, "#dcebf2", opacity(0.5)));
    out.push(rect(bx, floorY - 46, bw, 4, hsl([210, 8, 30])));
    for (const px of [bx, bx + bw / 2, bx + bw - 3])
      out.push(rect(px, floorY - 44, 3, 38, hsl([210, 8, 30])));
  }
  return out.join("");
}

/** A converted warehouse: brick piers, large steel-framed windows under segmental arches. */
function industrialLoft(rng: Rng): Building {
  const [storeys, sh, bays, bay] = [rng.int(4, 5), 128, rng.int(6, 7), rng.between(150, 168)];
  const w = bays * bay + 40;
  const x = (VW - w) / 2 + rng.between(-60, 60);
  const baseY = 880;
  const top = baseY - storeys * sh - 50;
  const brick = vary(rng, [9, 44, 35], 4, 6, 4);
  const steel = hsl([200, 6, 16]);
  const out = [
    rect(x, top, w, baseY - top, hsl(brick)),
    rect(x, top, w, baseY - top, "url(#brick)"),
  ];
  if (rng.chance(0.65)) out.push(waterTower(rng, x + w * rng.between(0.15, 0.75), top));
  out.push(
    rect(x - 10, top - 6, w + 20, 18, hsl(brick, -8)),
    rect(x - 4, top + 12, w + 8, 10, hsl(brick, 6)),
  );
  for (let b = 0; b <= bays; b++) {
    out.push(rect(x + 6 + b * bay, top + 22, 28, baseY - top - 22, hsl(brick, 4)));
  }
  const look: WindowLook = { frame: steel, cols: 4, rows: 3, sill: hsl([30, 10, 70]) };
  for (let f = 0; f < storeys; f++) {
    const wy = baseY - (f + 1) * sh + 34;
    for (let b = 0; b < bays; b++) {
      const [wx, ww] = [x + 42 + b * bay, bay - 44];
      out.push(
        shape(
          d`M${wx - 8} ${wy + 2}Q${wx + ww / 2} ${wy - 32} ${wx + ww + 8} ${wy + 2}Z`,
          hsl(brick, -9),
        ),
      );
      out.push(
        f === 0
          ? rect(wx, wy - 4, ww, sh - 30, hsl([200, 10, 22]))
          : windowAt(rng, wx, wy, ww, sh - 48, look),
      );
    }
  }
  const dx = x + 42 + Math.floor(bays / 2) * bay;
  out.push(
    rect(dx, baseY - sh + 40, bay - 44, sh - 40, "url(#glass)"),
    rect(dx - 20, baseY - sh + 20, bay + 30, 14, steel),
  );
  out.push(rect(x, top, w, baseY - top, "url(#shade)"));
  return { svg: out.join(""), x, w, baseY, lawn: false };
}

function waterTower(rng: Rng, cx: number, roofY: number) {
  const wood = hsl(vary(rng, [28, 25, 38], 4, 4, 4));
  const legs =
    line([cx - 50, roofY], [cx - 40, roofY - 70], "#333", 5) +
    line([cx + 50, roofY], [cx + 40, roofY - 70], "#333", 5);
  const out = [legs, rect(cx - 55, roofY - 170, 110, 100, wood)];
  for (const y of [roofY - 150, roofY - 120, roofY - 90])
    out.push(rect(cx - 55, y, 110, 3, "#2a2a2a"));
  out.push(gable(cx - 62, cx + 62, roofY - 168, roofY - 215, hsl([20, 10, 25])));
  return out.join("");
}

// ---------------------------------------------------------------------------------------------
// Rooms: a box in one-point perspective seen from the doorway, furnished for its use

/**
 * Objects are placed in "back-wall coordinates": x and y as if drawn on the back wall, plus a
 * distance in front of it. Projecting scales about the vanishing point, which gives true
 * perspective with two multiplications. 200 px on the back wall is a metre; the eye is 5 m away.
 */
const EYE_DISTANCE = 1000;
const FAR = 900;

type Room = { rng: Rng; x0: number; x1: number; y0: number; y1: number; vp: Pt; out: string[] };
type RoomKind = Exclude<PhotoKind, "facade">;
/** x, y, width and height on the back wall; near and far: distances in front of it. */
type BoxSpec = { x: number; y: number; w: number; h: number; near: number; far: number };

function project(room: Room, x: number, y: number, distance: number): Pt {
  const k = EYE_DISTANCE / (EYE_DISTANCE - distance);
  return [room.vp[0] + (x - room.vp[0]) * k, room.vp[1] + (y - room.vp[1]) * k];
}

/** A quad on a plane of constant x (a side wall, the side of a box). */
function sidePlane(room: Room, x: number, ya: number, yb: number, da: number, db: number) {
  const p = (y: number, dist: number) => project(room, x, y, dist);
  return polygon(p(ya, da), p(ya, db), p(yb, db), p(yb, da));
}

/** A quad on a plane of constant y (floor, ceiling, the top of a box). */
function flatPlane(room: Room, y: number, xa: number, xb: number, da: number, db: number) {
  const p = (x: number, dist: number) => project(room, x, y, dist);
  return polygon(p(xa, da), p(xb, da), p(xb, db), p(xa, db));
}

/** A rectangle parallel to the back wall at a distance (a door front, a drawer); returns its painter. */
function panel(room: Room, x: number, y: number, w: number, h: number, dist: number) {
  const [ax, ay] = project(room, x, y, dist);
  const [bx, by] = project(room, x + w, y + h, dist);
  return (fill: string, extra = "") => room.out.push(rect(ax, ay, bx - ax, by - ay, fill, extra));
}

/** A box standing in the room: the faces a viewer at the vanishing point can see. */
function box(room: Room, b: BoxSpec, color: Hsl, frontFill = ""): void {
  const { x, y, w, h, near, far } = b;
  const [vx, vy] = room.vp;
  const out = room.out;
  if (x + w < vx) out.push(shape(sidePlane(room, x + w, y, y + h, near, far), hsl(color, -9)));
  if (x > vx) out.push(shape(sidePlane(room, x, y, y + h, near, far), hsl(color, -9)));
  if (y > vy) out.push(shape(flatPlane(room, y, x, x + w, near, far), hsl(color, 7)));
  if (y + h < vy) out.push(shape(flatPlane(room, y + h, x, x + w, near, far), hsl(color, -14)));
  const front = panel(room, x, y, w, h, far);
  front(hsl(color));
  if (frontFill) front(frontFill);
}

const ROOM_DRAWERS: Record<RoomKind, (room: Room) => void> = {
  "living-room": livingRoom,
  kitchen,
  bedroom,
  bathroom,
};

const WALLS = palette("40 30 90, 35 14 84, 100 12 80, 205 20 84, 30 28 86, 0 0 93");
const WOODS = palette("32 45 56, 26 38 38, 38 35 70, 30 12 58");
const FABRICS = palette("210 22 48, 30 18 62, 150 16 42, 0 0 55, 20 35 50, 45 40 70");
const WHITE: Hsl = [0, 0, 95];

function drawRoom(rng: Rng, kind: RoomKind): string {
  const x0 = 230 + rng.between(-50, 40);
  const x1 = 1370 + rng.between(-40, 50);
  const y0 = 150 + rng.between(-20, 20);
  const y1 = 700 + rng.between(-15, 15);
  const vp: Pt = [(x0 + x1) / 2 + rng.between(-90, 90), y0 + (y1 - y0) * rng.between(0.45, 0.55)];
  const room: Room = { rng, x0, x1, y0, y1, vp, out: [] };
  shell(room, vary(rng, rng.pick(WALLS), 6, 5, 3), kind === "bathroom" ? "tile" : "wood");
  ROOM_DRAWERS[kind](room);
  return `<defs>${roomDefs(rng)}</defs>${room.out.join("")}${vignette(0.35)}`;
}

function roomDefs(rng: Rng): string {
  const sky = hsl(vary(rng, [205, 55, 80], 6, 8, 4));
  return [
    gradient("daylight", [sky, "#f7fbff"]),
    gradient("steel", [hsl([210, 6, 86]), hsl([210, 5, 72]), hsl([210, 6, 80])], true),
    gradient("mirror", [hsl([200, 12, 82]), hsl([205, 10, 62])]),
    // Subway tile joints, drawn over any tile colour: one pattern instead of hundreds of lines.
    `<pattern id="subway" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M0 0.75H48M0 24.75H48M0.75 0V24M24.75 24V48" stroke="#000" stroke-opacity="0.13" stroke-width="1.5"/></pattern>`,
  ].join("");
}

function shell(room: Room, wall: Hsl, floor: "wood" | "tile"): void {
  const { x0, x1, y0, y1, out } = room;
  out.push(
    rect(0, 0, VW, VH, hsl(wall, -4)),
    shape(flatPlane(room, y0, x0, x1, 0, FAR), hsl(wall, 6)),
    shape(sidePlane(room, x0, y0, y1, 0, FAR), hsl(wall, -7)),
    shape(sidePlane(room, x1, y0, y1, 0, FAR), hsl(wall, -3)),
    rect(x0, y0, x1 - x0, y1 - y0, hsl(wall)),
  );
  if (floor === "wood") woodFloor(room);
  else tileFloor(room);
  out.push(
    rect(x0, y1 - 18, x1 - x0, 18, TRIM),
    shape(sidePlane(room, x0, y1 - 18, y1, 0, FAR), hsl([40, 10, 88])),
    shape(sidePlane(room, x1, y1 - 18, y1, 0, FAR), hsl([40, 10, 90])),
    rect(x0, y0, x1 - x0, 10, TRIM),
    ellipse(...project(room, (x0 + x1) / 2, y0, 320), 60, 12, "#fffdf5"),
  );
}

function woodFloor(room: Room): void {
  const { rng, x0, x1, y1, out } = room;
  const wood = vary(rng, rng.pick(WOODS), 4, 5, 3);
  const plank = rng.between(30, 40);
  for (let x = x0; x < x1; x += plank) {
    const w = Math.min(plank, x1 - x);
    out.push(shape(flatPlane(room, y1, x, x + w, 0, FAR), hsl(wood, rng.between(-5, 5))));
    out.push(shape(flatPlane(room, y1, x, x + 1.2, 0, FAR), "#000", opacity(0.22)));
    for (let dist = rng.between(0, 280); dist < FAR; dist += rng.between(220, 330)) {
      const joint = [project(room, x, y1, dist), project(room, x + w, y1, dist)] as const;
      out.push(line(...joint, "#000", 1.5, opacity(0.2)));
    }
  }
}

function tileFloor(room: Room): void {
  const { rng, x0, x1, y1, out } = room;
  const tile = vary(rng, rng.pick(palette("30 8 82, 210 5 60, 35 15 70")), 4, 3, 3);
  const grout = hsl(tile, -12);
  out.push(shape(flatPlane(room, y1, x0, x1, 0, FAR), hsl(tile)));
  for (let x = x0; x <= x1; x += 60) {
    out.push(line(project(room, x, y1, 0), project(room, x, y1, FAR), grout, 2));
  }
  for (let dist = 0; dist < FAR; dist += 55) {
    out.push(line(project(room, x0, y1, dist), project(room, x1, y1, dist), grout, 2));
  }
}

type Opening = { x: number; y: number; w: number; h: number };

/** A window on the back wall: daylight, a tree outside, curtains maybe, sunlight on the floor. */
function backWindow(room: Room, win: Opening, curtains: Hsl | null) {
  const { rng, out, y1 } = room;
  const { x, y, w, h } = win;
  const clip = `window${Math.round(x)}`;
  out.push(
    rect(x - 14, y - 14, w + 28, h + 28, TRIM),
    `<clipPath id="${clip}">${rect(x, y, w, h, "#000")}</clipPath>`,
    `<g clip-path="url(#${clip})">${rect(x, y, w, h, "url(#daylight)")}`,
  );
  for (let i = 0; i < 7; i++) {
    const r = rng.between(40, 80);
    const leaf = hsl(vary(rng, [105, 25, 62], 12, 6, 6));
    out.push(ellipse(x + rng.between(0, w), y + h * rng.between(0.4, 1.1), r, r, leaf));
  }
  out.push("</g>");
  const panes = w > 200 ? 3 : 2;
  for (let i = 1; i < panes; i++) out.push(rect(x + (w * i) / panes - 4, y, 8, h, TRIM));
  out.push(rect(x, y + h * 0.42, w, 8, TRIM), rect(x - 24, y + h + 10, w + 48, 14, "#f8f6f1"));
  if (curtains) out.push(drapes(win, y1, curtains));
  const shift = rng.between(-120, 120);
  const sun = polygon(
    project(room, x, y1, 10),
    project(room, x + w, y1, 10),
    project(room, x + w + shift, y1, 420),
    project(room, x + shift, y1, 420),
  );
  out.push(shape(sun, "#fff8e6", opacity(0.18)));
}

function drapes(win: Opening, floorY: number, color: Hsl): string {
  const { x, y, w } = win;
  const h = floorY - y + 20;
  const out = [
    rect(x - 70, y - 40, 60, h, hsl(color)),
    rect(x + w + 10, y - 40, 60, h, hsl(color)),
  ];
  for (const fold of [x - 55, x - 30, x + w + 25, x + w + 50]) {
    out.push(rect(fold, y - 40, 6, h, "#000", opacity(0.08)));
  }
  out.push(rect(x - 90, y - 46, w + 180, 6, hsl([30, 10, 30])));
  return out.join("");
}

function picture(room: Room, cx: number, y: number, w: number, h: number): void {
  const { rng, out } = room;
  const x = cx - w / 2;
  const art = vary(rng, [rng.between(0, 360), 30, 60], 0, 10, 10);
  out.push(
    rect(x + 8, y + 8, w, h, "#000", opacity(0.1)),
    rect(x, y, w, h, rng.pick(["#2b2724", "#f2efe9", "#9a7550"])),
    rect(x + 12, y + 12, w - 24, h - 24, "#f7f5f0"),
    rect(x + 28, y + 28, w - 56, h - 56, hsl(art, 18)),
    ellipse(cx - w * 0.08, y + h * 0.5, w * 0.18, w * 0.18, hsl(art), opacity(0.9)),
    rect(x + 28, y + h * 0.62, w - 56, h * 0.38 - 28, hsl(art, -20), opacity(0.7)),
  );
}

function plant(room: Room, x: number, dist: number): void {
  const { rng, y1 } = room;
  const pot = vary(rng, [20, 35, 55], 10, 10, 10);
  box(room, { x: x - 30, y: y1 - 70, w: 60, h: 70, near: dist, far: dist + 60 }, pot);
  const [cx, cy] = project(room, x, y1 - 70, dist + 30);
  const k = EYE_DISTANCE / (EYE_DISTANCE - dist);
  for (let i = 0; i < 8; i++) {
    const r = rng.between(22, 34) * k;
    const leaf = hsl(vary(rng, [120, 30, 30], 12, 8, 8));
    room.out.push(
      ellipse(cx + rng.between(-45, 45) * k, cy - rng.between(20, 150) * k, r, r * 1.3, leaf),
    );
  }
}

function rug(room: Room, x: number, w: number, near: number, far: number): void {
  const color = vary(room.rng, room.rng.pick(FABRICS), 10, 8, 8);
  const border = ` stroke="${hsl(color, -10)}" stroke-width="6"`;
  room.out.push(shape(flatPlane(room, room.y1, x, x + w, near, far), hsl(color, 10)));
  room.out.push(
    shape(flatPlane(room, room.y1, x + 20, x + w - 20, near + 20, far - 20), "none", border),
  );
}

/** A lampshade: a trapezoid facing the viewer, its top at y. */
function shade(room: Room, x: number, y: number, w: number, h: number, dist: number) {
  const [a, b] = [project(room, x - w / 2, y, dist), project(room, x + w / 2, y + h, dist)];
  const inset = (b[0] - a[0]) * 0.15;
  room.out.push(
    shape(d`M${a[0] + inset} ${a[1]}H${b[0] - inset}L${b[0]} ${b[1]}H${a[0]}Z`, "#f6ecd2"),
  );
}

function livingRoom(room: Room): void {
  const { rng, x0, x1, y0, y1 } = room;
  const fabric = vary(rng, rng.pick(FABRICS), 6, 6, 5);
  const sofaW = rng.between(440, 520);
  const windowLeft = rng.chance(0.5);
  const sofaX = windowLeft ? x1 - sofaW - 170 : x0 + 170;
  const win = { x: windowLeft ? x0 + 80 : x1 - 380, y: y0 + 80, w: 300, h: 330 };
  backWindow(room, win, vary(rng, rng.pick(FABRICS), 6, 6, 12));
  picture(room, sofaX + sofaW / 2, y0 + 120, 240, 170);
  rug(room, sofaX - 60, sofaW + 120, 120, 480);
  sofa(room, sofaX, sofaW, fabric);
  const wood = vary(rng, rng.pick(WOODS), 4, 4, 4);
  const tableX = sofaX + sofaW / 2 - 130;
  for (const lx of [tableX + 10, tableX + 240]) {
    box(room, { x: lx, y: y1 - 66, w: 10, h: 66, near: 365, far: 375 }, wood);
  }
  box(room, { x: tableX, y: y1 - 80, w: 260, h: 14, near: 290, far: 380 }, wood);
  floorLamp(room, windowLeft ? sofaX - 90 : sofaX + sofaW + 90, 40);
  plant(room, windowLeft ? x1 - 80 : x0 + 80, 60);
}

function sofa(room: Room, x: number, w: number, fabric: Hsl): void {
  const { rng, y1 } = room;
  const seat = y1 - 90;
  box(room, { x, y: y1 - 170, w, h: 170, near: 0, far: 40 }, fabric);
  box(room, { x: x + 40, y: seat, w: w - 80, h: 76, near: 40, far: 180 }, fabric);
  const cw = (w - 80) / 3;
  for (let c = 0; c < 3; c++) {
    box(room, { x: x + 43 + c * cw, y: seat - 22, w: cw - 6, h: 22, near: 44, far: 178 }, fabric);
  }
  for (const [px, tone] of [
    [x + 60, 20],
    [x + w - 150, -12],
  ] as const) {
    const [h, s, l] = vary(rng, fabric, 30, 10, 0);
    box(room, { x: px, y: seat - 100, w: 90, h: 80, near: 42, far: 62 }, [h, s, l + tone]);
  }
  for (const ax of [x, x + w - 40]) {
    box(room, { x: ax, y: y1 - 120, w: 40, h: 106, near: 0, far: 190 }, fabric);
  }
}

function floorLamp(room: Room, x: number, dist: number): void {
  const { y1 } = room;
  const metal: Hsl = [30, 5, 20];
  box(room, { x: x - 4, y: y1 - 330, w: 8, h: 330, near: dist, far: dist + 8 }, metal);
  box(room, { x: x - 30, y: y1 - 8, w: 60, h: 8, near: dist - 20, far: dist + 30 }, metal);
  shade(room, x, y1 - 400, 80, 70, dist);
}

function kitchen(room: Room): void {
  const { rng, x0, x1, y1 } = room;
  const cabinet = vary(rng, rng.pick(palette("0 0 94, 210 18 40, 150 12 52, 35 20 80")), 4, 4, 3);
  const counter = vary(rng, rng.pick(palette("0 0 92, 30 8 30, 40 10 78")), 4, 4, 3);
  const fridgeLeft = rng.chance(0.5);
  const [runX0, runX1] = fridgeLeft ? [x0 + 200, x1] : [x0, x1 - 200];
  const sinkX = runX0 + (runX1 - runX0) * rng.between(0.35, 0.55);
  backsplash(room, runX0, runX1);
  backWindow(room, { x: sinkX - 140, y: y1 - 520, w: 280, h: 240 }, null);
  upperCabinets(room, runX0, sinkX - 170, cabinet);
  upperCabinets(room, sinkX + 170, runX1, cabinet);
  baseCabinets(room, runX0, runX1, cabinet, counter);
  box(room, { x: sinkX - 14, y: y1 - 240, w: 10, h: 54, near: 20, far: 30 }, [210, 6, 70]);
  const rangeX = sinkX + (fridgeLeft ? 260 : -400);
  if (rangeX > runX0 && rangeX + 140 < runX1) {
    panel(room, rangeX, y1 - 174, 140, 156, 121)("url(#steel)");
    panel(room, rangeX + 14, y1 - 140, 112, 90, 122)(hsl([210, 10, 15]));
  }
  const fridgeX = fridgeLeft ? x0 + 10 : x1 - 190;
  box(
    room,
    { x: fridgeX, y: y1 - 400, w: 180, h: 400, near: 0, far: 140 },
    [210, 5, 78],
    "url(#steel)",
  );
  panel(room, fridgeX, y1 - 250, 180, 4, 141)("#000", opacity(0.3));
  panel(room, fridgeX + 150, y1 - 380, 8, 110, 142)(hsl([210, 5, 55]));
  if (rng.chance(0.5)) island(room, cabinet, counter);
}

function backsplash(room: Room, xa: number, xb: number): void {
  const [y, h] = [room.y1 - 400, 210];
  room.out.push(
    rect(xa, y, xb - xa, h, hsl([40, 10, 95])),
    rect(xa, y, xb - xa, h, "url(#subway)"),
  );
}

function upperCabinets(room: Room, xa: number, xb: number, color: Hsl): void {
  const w = xb - xa;
  if (w < 80) return;
  const y = room.y1 - 600;
  box(room, { x: xa, y, w, h: 190, near: 0, far: 70 }, color);
  const doors = Math.max(1, Math.round(w / 110));
  for (let i = 0; i < doors; i++) {
    panel(room, xa + (i * w) / doors + 6, y + 8, w / doors - 12, 174, 70)("#000", opacity(0.06));
  }
}

function baseCabinets(room: Room, xa: number, xb: number, color: Hsl, counter: Hsl): void {
  const { y1 } = room;
  box(room, { x: xa, y: y1 - 175, w: xb - xa, h: 175, near: 0, far: 120 }, color);
  const doors = Math.max(2, Math.round((xb - xa) / 100));
  const dw = (xb - xa) / doors;
  for (let i = 0; i < doors; i++) {
    panel(room, xa + i * dw + 6, y1 - 160, dw - 12, 142, 120)("#000", opacity(0.07));
    panel(room, xa + i * dw + dw / 2 - 20, y1 - 150, 40, 5, 121)(hsl([30, 5, 40]));
  }
  box(room, { x: xa - 6, y: y1 - 186, w: xb - xa + 12, h: 12, near: 0, far: 128 }, counter);
}

function island(room: Room, cabinet: Hsl, counter: Hsl): void {
  const { rng, x0, x1, y1 } = room;
  const x = (x0 + x1) / 2 - 200 + rng.between(-60, 60);
  box(room, { x, y: y1 - 175, w: 400, h: 175, near: 330, far: 410 }, cabinet);
  box(room, { x: x - 10, y: y1 - 186, w: 420, h: 12, near: 322, far: 432 }, counter);
  for (const sx of [x + 110, x + 290]) {
    box(room, { x: sx - 4, y: y1 - 120, w: 8, h: 120, near: 466, far: 474 }, [0, 0, 20]);
    box(room, { x: sx - 24, y: y1 - 130, w: 48, h: 10, near: 450, far: 490 }, [28, 30, 30]);
  }
}

function bedroom(room: Room): void {
  const { rng, x0, x1, y0, y1 } = room;
  const bedW = rng.between(360, 420);
  const bedX = (x0 + x1) / 2 - bedW / 2 + rng.between(-120, 120);
  const wood = vary(rng, rng.pick(WOODS), 4, 4, 4);
  const windowLeft = bedX - x0 > x1 - bedX - bedW;
  const win = { x: windowLeft ? x0 + 50 : x1 - 290, y: y0 + 90, w: 240, h: 300 };
  backWindow(room, win, vary(rng, rng.pick(FABRICS), 6, 6, 14));
  picture(room, bedX + bedW / 2, y0 + 110, 280, 120);
  rug(room, bedX - 120, bedW + 240, 160, 620);
  // Nightstands first: the bed, which reaches further into the room, hides their edges.
  for (const nx of [bedX - 130, bedX + bedW + 30]) {
    box(room, { x: nx, y: y1 - 120, w: 100, h: 120, near: 0, far: 90 }, wood);
    panel(room, nx + 10, y1 - 105, 80, 40, 90)("#000", opacity(0.08));
    box(room, { x: nx + 38, y: y1 - 180, w: 24, h: 60, near: 30, far: 50 }, [35, 20, 70]);
    shade(room, nx + 50, y1 - 240, 80, 60, 40);
  }
  bed(room, bedX, bedW, wood);
}

function bed(room: Room, x: number, w: number, wood: Hsl): void {
  const { rng, y1 } = room;
  const linen = vary(rng, rng.pick(palette("0 0 96, 40 25 90, 210 20 86")), 4, 4, 2);
  box(room, { x: x - 10, y: y1 - 300, w: w + 20, h: 300, near: 0, far: 20 }, wood);
  for (const lx of [x + 8, x + w - 22]) {
    box(room, { x: lx, y: y1 - 24, w: 14, h: 24, near: 410, far: 424 }, wood);
  }
  box(room, { x, y: y1 - 70, w, h: 46, near: 20, far: 430 }, wood);
  box(room, { x: x - 4, y: y1 - 150, w: w + 8, h: 100, near: 22, far: 440 }, linen);
  for (const px of [x + 20, x + w / 2 + 10]) {
    box(room, { x: px, y: y1 - 200, w: w / 2 - 30, h: 50, near: 26, far: 90 }, linen);
  }
  const blanket = vary(rng, rng.pick(FABRICS), 8, 8, 6);
  box(room, { x: x - 6, y: y1 - 154, w: w + 12, h: 96, near: 340, far: 446 }, blanket);
}

function bathroom(room: Room): void {
  const { rng, x0, x1, y0, y1, out } = room;
  const tile = vary(rng, rng.pick(palette("0 0 96, 190 20 84, 100 12 80, 35 20 88")), 4, 4, 2);
  wallTiles(room, y1 - 340, tile);
  const tubLeft = rng.chance(0.5);
  const tubX = tubLeft ? x0 : x1 - 340;
  backWindow(room, { x: tubLeft ? x0 + 60 : x1 - 260, y: y0 + 60, w: 200, h: 150 }, null);
  box(room, { x: tubX, y: y1 - 110, w: 340, h: 110, near: 0, far: 170 }, WHITE);
  out.push(shape(flatPlane(room, y1 - 110, tubX + 16, tubX + 324, 14, 156), hsl([200, 10, 86])));
  box(room, { x: tubX + 160, y: y1 - 170, w: 14, h: 40, near: 0, far: 24 }, [210, 6, 70]);
  const vanityX = tubLeft ? x1 - 360 : x0 + 120;
  vanity(room, vanityX, vary(rng, rng.pick(WOODS), 4, 4, 4));
  const towelX = tubLeft ? vanityX - 110 : vanityX + 260;
  const towel = hsl(vary(rng, rng.pick(FABRICS), 8, 10, 10));
  out.push(
    rect(towelX - 10, y1 - 330, 100, 6, hsl([210, 5, 60])),
    rect(towelX, y1 - 326, 80, 140, towel),
  );
  plant(room, tubLeft ? x1 - 60 : x0 + 60, 40);
}

function wallTiles(room: Room, top: number, tile: Hsl): void {
  const { x0, x1, y1, out } = room;
  out.push(
    rect(x0, top, x1 - x0, y1 - top, hsl(tile)),
    rect(x0, top, x1 - x0, y1 - top, "url(#subway)"),
  );
}

function vanity(room: Room, x: number, wood: Hsl): void {
  const { y1, out } = room;
  const glint = d`M${x + 30} ${y1 - 440}L${x + 90} ${y1 - 462}H${x + 130}L${x + 30} ${y1 - 380}Z`;
  out.push(
    rect(x + 10, y1 - 470, 200, 220, "#e6e2da"),
    rect(x + 18, y1 - 462, 184, 204, "url(#mirror)"),
  );
  out.push(shape(glint, "#fff", opacity(0.2)));
  box(room, { x, y: y1 - 170, w: 220, h: 170, near: 0, far: 110 }, wood);
  for (const dx of [10, 115]) panel(room, x + dx, y1 - 150, 95, 130, 110)("#000", opacity(0.08));
  box(room, { x: x - 6, y: y1 - 180, w: 232, h: 10, near: 0, far: 118 }, [0, 0, 94]);
  const [bx, by] = project(room, x + 110, y1 - 180, 60);
  out.push(ellipse(bx, by, 60, 12, hsl([200, 8, 80])));
}
