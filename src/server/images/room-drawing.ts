import type { PhotoKind } from "./photo-kinds";
import { bathroom, bedroom, kitchen, livingRoom } from "./room-furnishing";
import { FAR, flatPlane, project, type Room, sidePlane, WOODS } from "./room-parts";
import {
  ellipse,
  gradient,
  type Hsl,
  hsl,
  line,
  opacity,
  type Pt,
  palette,
  type Rng,
  rect,
  shape,
  TRIM,
  VH,
  VW,
  vary,
  vignette,
} from "./svg-drawing";

/** Rooms: a box in one-point perspective seen from the doorway, furnished for its use. */

type RoomKind = Exclude<PhotoKind, "facade">;

const ROOM_DRAWERS: Record<RoomKind, (room: Room) => void> = {
  "living-room": livingRoom,
  kitchen,
  bedroom,
  bathroom,
};

const WALLS = palette("40 30 90, 35 14 84, 100 12 80, 205 20 84, 30 28 86, 0 0 93");

export function drawRoom(rng: Rng, kind: RoomKind): string {
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
