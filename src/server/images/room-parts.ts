import {
  d,
  ellipse,
  type Hsl,
  hsl,
  opacity,
  type Pt,
  palette,
  polygon,
  type Rng,
  rect,
  shape,
  TRIM,
  vary,
} from "./svg-drawing";

/**
 * Rooms are boxes in one-point perspective seen from the doorway. This module holds the
 * perspective and the pieces several rooms share, apart from room-drawing.ts, which imports the
 * rooms, so that the rooms never import it back.
 */

/**
 * Objects are placed in "back-wall coordinates": x and y as if drawn on the back wall, plus a
 * distance in front of it. Projecting scales about the vanishing point, which gives true
 * perspective with two multiplications. 200 px on the back wall is a metre; the eye is 5 m away.
 */
export const EYE_DISTANCE = 1000;
export const FAR = 900;

export type Room = {
  rng: Rng;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  vp: Pt;
  out: string[];
};

/** x, y, width and height on the back wall; near and far: distances in front of it. */
export type BoxSpec = { x: number; y: number; w: number; h: number; near: number; far: number };

export function project(room: Room, x: number, y: number, distance: number): Pt {
  const k = EYE_DISTANCE / (EYE_DISTANCE - distance);
  return [room.vp[0] + (x - room.vp[0]) * k, room.vp[1] + (y - room.vp[1]) * k];
}

/** A quad on a plane of constant x (a side wall, the side of a box). */
export function sidePlane(room: Room, x: number, ya: number, yb: number, da: number, db: number) {
  const p = (y: number, dist: number) => project(room, x, y, dist);
  return polygon(p(ya, da), p(ya, db), p(yb, db), p(yb, da));
}

/** A quad on a plane of constant y (floor, ceiling, the top of a box). */
export function flatPlane(room: Room, y: number, xa: number, xb: number, da: number, db: number) {
  const p = (x: number, dist: number) => project(room, x, y, dist);
  return polygon(p(xa, da), p(xb, da), p(xb, db), p(xa, db));
}

/** A rectangle parallel to the back wall at a distance (a door front, a drawer); returns its painter. */
export function panel(room: Room, x: number, y: number, w: number, h: number, dist: number) {
  const [ax, ay] = project(room, x, y, dist);
  const [bx, by] = project(room, x + w, y + h, dist);
  return (fill: string, extra = "") => room.out.push(rect(ax, ay, bx - ax, by - ay, fill, extra));
}

/** A box standing in the room: the faces a viewer at the vanishing point can see. */
export function box(room: Room, b: BoxSpec, color: Hsl, frontFill = ""): void {
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

export const WOODS = palette("32 45 56, 26 38 38, 38 35 70, 30 12 58");
export const FABRICS = palette("210 22 48, 30 18 62, 150 16 42, 0 0 55, 20 35 50, 45 40 70");

type Opening = { x: number; y: number; w: number; h: number };

/** A window on the back wall: daylight, a tree outside, curtains maybe, sunlight on the floor. */
export function backWindow(room: Room, win: Opening, curtains: Hsl | null) {
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

export function picture(room: Room, cx: number, y: number, w: number, h: number): void {
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

export function plant(room: Room, x: number, dist: number): void {
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

export function rug(room: Room, x: number, w: number, near: number, far: number): void {
  const color = vary(room.rng, room.rng.pick(FABRICS), 10, 8, 8);
  const border = ` stroke="${hsl(color, -10)}" stroke-width="6"`;
  room.out.push(shape(flatPlane(room, room.y1, x, x + w, near, far), hsl(color, 10)));
  room.out.push(
    shape(flatPlane(room, room.y1, x + 20, x + w - 20, near + 20, far - 20), "none", border),
  );
}

/** A lampshade: a trapezoid facing the viewer, its top at y. */
export function shade(room: Room, x: number, y: number, w: number, h: number, dist: number) {
  const [a, b] = [project(room, x - w / 2, y, dist), project(room, x + w / 2, y + h, dist)];
  const inset = (b[0] - a[0]) * 0.15;
  room.out.push(
    shape(d`M${a[0] + inset} ${a[1]}H${b[0] - inset}L${b[0]} ${b[1]}H${a[0]}Z`, "#f6ecd2"),
  );
}
