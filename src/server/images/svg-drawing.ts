/**
 * The kit every photo is drawn with. Randomness comes only from the seeded PRNG and every number
 * written into the SVG is rounded, so the same seed always gives the same bytes.
 */

// Every scene is drawn on this canvas; other sizes are a centred crop ("slice") of it.
export const VW = 1600;
export const VH = 1067;

// Painted trim, shared by facades and rooms so that both look like the same town.
export const TRIM = "#f4f2ec";

export type Rng = {
  between: (min: number, max: number) => number;
  int: (min: number, max: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
};

/** mulberry32: tiny, fast and good enough to vary pictures; the same seed gives the same run. */
export function createRng(seed: number): Rng {
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

export type Hsl = readonly [hue: number, saturation: number, lightness: number];

/** Palettes written as "h s l, h s l": one line each instead of a column of tuples. */
export function palette(text: string): readonly Hsl[] {
  return text.split(",").map((entry) => {
    const [h = 0, s = 0, l = 0] = entry.trim().split(/\s+/).map(Number);
    return [h, s, l];
  });
}

export function hsl(c: Hsl, dl = 0): string {
  const l = Math.min(100, Math.max(0, c[2] + dl));
  return `hsl(${Math.round(c[0])},${Math.round(c[1])}%,${Math.round(l)}%)`;
}

export function vary(rng: Rng, c: Hsl, dh = 5, ds = 5, dl = 4): Hsl {
  const s = Math.max(0, c[1] + rng.between(-ds, ds));
  return [c[0] + rng.between(-dh, dh), s, c[2] + rng.between(-dl, dl)];
}

export type Pt = readonly [number, number];
export const num = (v: number) => String(Math.round(v * 10) / 10);
export const opacity = (o: number) => ` opacity="${o}"`;

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ""): string {
  return `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${fill}"${extra}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = "") {
  return `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="${fill}"${extra}/>`;
}

export function line(a: Pt, b: Pt, stroke: string, width: number, extra = ""): string {
  const path = d`M${a[0]} ${a[1]}L${b[0]} ${b[1]}`;
  return `<path d="${path}" fill="none" stroke="${stroke}" stroke-width="${width}"${extra}/>`;
}

/** Path data with every number rounded, written as a template: d`M${x} ${y}H${x2}Z`. */
export function d(strings: TemplateStringsArray, ...values: number[]): string {
  return strings.reduce((out, s, i) => out + s + (i < values.length ? num(values[i]!) : ""), "");
}

export function polygon(...points: Pt[]): string {
  return `${points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${num(x)} ${num(y)}`).join("")}Z`;
}

export function shape(pathData: string, fill: string, extra = ""): string {
  return `<path d="${pathData}" fill="${fill}"${extra}/>`;
}

/** Evenly spaced stops, top to bottom or left to right. */
export function gradient(id: string, colors: string[], right = false, opacities: number[] = []) {
  const end = right ? 'x2="1" y2="0"' : 'x2="0" y2="1"';
  const stops = colors.map((c, i) => {
    const offset = colors.length > 1 ? i / (colors.length - 1) : 0;
    return `<stop offset="${num(offset)}" stop-color="${c}" stop-opacity="${opacities[i] ?? 1}"/>`;
  });
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}>${stops.join("")}</linearGradient>`;
}

/** Darkens the corners a little, as a lens does; it makes flat drawings read as photographs. */
export function vignette(strength: number): string {
  const stops =
    '<stop offset="0.55" stop-color="#000" stop-opacity="0"/>' +
    `<stop offset="1" stop-color="#000" stop-opacity="${strength}"/>`;
  return `<radialGradient id="vignette" r="0.75">${stops}</radialGradient>${rect(0, 0, VW, VH, "url(#vignette)")}`;
}
