import {
  d,
  ellipse,
  hsl,
  opacity,
  palette,
  type Rng,
  rect,
  shape,
  TRIM,
  vary,
} from "./svg-drawing";

/**
 * What every building style is made of. It lives apart from facade-drawing.ts, which imports the
 * buildings, so that the buildings never import it back.
 */

export type Building = { svg: string; x: number; w: number; baseY: number; lawn: boolean };

export const BRICKS = palette("10 42 38, 16 38 44, 6 36 32, 30 30 60");
export const SIDING = palette(
  "40 20 94, 48 55 82, 205 18 66, 95 14 64, 4 45 36, 35 25 80, 210 10 48",
);
export const ACCENTS = palette("355 55 32, 215 45 25, 150 30 22, 0 0 12, 28 45 30");
export const STEP = hsl([30, 5, 72]);

export function shrubs(
  rng: Rng,
  x0: number,
  x1: number,
  y: number,
  gap: readonly [number, number],
) {
  const out: string[] = [];
  for (let x = x0 + 20; x < x1 - 10; x += rng.between(45, 70)) {
    if (x > gap[0] && x < gap[1]) continue;
    const r = rng.between(28, 42);
    out.push(ellipse(x, y - r * 0.5, r, r * 0.75, hsl(vary(rng, [110, 30, 28], 10, 6, 5))));
  }
  return out.join("");
}

export type WindowLook = {
  frame: string;
  cols?: number;
  rows?: number;
  sill?: string;
  lintel?: string;
};

export function windowAt(rng: Rng, x: number, y: number, w: number, h: number, look: WindowLook) {
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

export function door(x: number, y: number, w: number, h: number, color: string) {
  return [
    rect(x - 9, y - 9, w + 18, h + 9, TRIM),
    rect(x, y, w, h, color),
    rect(x + w * 0.14, y + h * 0.08, w * 0.72, h * 0.34, "#000", opacity(0.12)),
    rect(x + w * 0.14, y + h * 0.52, w * 0.72, h * 0.38, "#000", opacity(0.12)),
    ellipse(x + w * 0.82, y + h * 0.52, 4, 4, "#d8c27a"),
  ].join("");
}

/** An isosceles triangle standing on [x0, x1] at baseY with its apex at apexY. */
export function gable(
  x0: number,
  x1: number,
  baseY: number,
  apexY: number,
  fill: string,
  extra = "",
) {
  return shape(d`M${x0} ${baseY}L${(x0 + x1) / 2} ${apexY}L${x1} ${baseY}Z`, fill, extra);
}
