import {
  backWindow,
  box,
  FABRICS,
  flatPlane,
  panel,
  picture,
  plant,
  project,
  type Room,
  rug,
  shade,
  WOODS,
} from "./room-parts";
import { d, ellipse, type Hsl, hsl, opacity, palette, rect, shape, vary } from "./svg-drawing";

/** The furniture of each kind of room, placed in back-wall coordinates (see room-parts.ts). */

const WHITE: Hsl = [0, 0, 95];

export function livingRoom(room: Room): void {
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

export function kitchen(room: Room): void {
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

export function bedroom(room: Room): void {
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

export function bathroom(room: Room): void {
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
