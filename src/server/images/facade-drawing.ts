import { apartmentBlock, industrialLoft, modernCondo } from "./apartment-facades";
import type { Building } from "./facade-parts";
import { colonialHouse, townhouseRow, tripleDeckers } from "./house-facades";
import type { FacadeStyle } from "./photo-kinds";
import {
  ellipse,
  gradient,
  hsl,
  line,
  num,
  opacity,
  type Rng,
  rect,
  VH,
  VW,
  vary,
  vignette,
} from "./svg-drawing";

/** Facades: sky, street and a building drawn in the style of the property type. */

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

export function drawFacade(rng: Rng, style: FacadeStyle): string {
  const building = FACADE_DRAWERS[style](rng);
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
