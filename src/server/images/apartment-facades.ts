import {
  ACCENTS,
  BRICKS,
  type Building,
  door,
  gable,
  STEP,
  type WindowLook,
  windowAt,
} from "./facade-parts";
import { d, type Hsl, hsl, line, opacity, type Rng, rect, shape, VW, vary } from "./svg-drawing";

/** Multi-storey city buildings: apartment blocks (with shops below for commercial), condos, lofts. */

type Bays = { x: number; w: number; baseY: number; sh: number; cols: number; bay: number };

export function apartmentBlock(
  rng: Rng,
  o: { storeys: [number, number]; storefront: boolean },
): Building {
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

/** Glass and concrete: slab edges, curtain wall, glass balustrades and a timber accent. */
export function modernCondo(rng: Rng): Building {
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
export function industrialLoft(rng: Rng): Building {
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
