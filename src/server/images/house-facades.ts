import {
  ACCENTS,
  BRICKS,
  type Building,
  door,
  gable,
  SIDING,
  STEP,
  shrubs,
  type WindowLook,
  windowAt,
} from "./facade-parts";
import { d, type Hsl, hsl, opacity, type Rng, rect, shape, TRIM, VW, vary } from "./svg-drawing";

/** Houses as they are built in New England: colonials, duplexes, triple-deckers, townhouse rows. */

/** A New England colonial: clapboard, side-gabled roof, shutters, portico; a duplex has two doors. */
export function colonialHouse(rng: Rng, units: 1 | 2): Building {
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
export function tripleDeckers(rng: Rng): Building {
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
export function townhouseRow(rng: Rng): Building {
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
