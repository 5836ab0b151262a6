import sharp from "sharp";
import { drawFacade } from "./facade-drawing";
import { FACADE_STYLES, type FacadeStyle, type PhotoKind } from "./photo-kinds";
import { drawRoom } from "./room-drawing";
import { createRng, type Rng, VH, VW } from "./svg-drawing";

/**
 * Photos drawn by code: demo content and placeholders need pictures, and the app can download
 * none. Each photo is an SVG scene, a street facade in a property type's style or a room in
 * one-point perspective, rendered by sharp to JPEG. Every choice comes from a seeded PRNG, so
 * the same options always give the same bytes. There is no text in any picture.
 *
 * This module is the only entry point; what a photo can show is named in photo-kinds.ts, the
 * drawing lives in svg-drawing.ts (PRNG, colour, SVG primitives), facade-drawing.ts and
 * room-drawing.ts, each split further where it grew long.
 */

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
  const scene = kind === "facade" ? drawFacade(rng, facadeStyle(rng, style)) : drawRoom(rng, kind);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${VW} ${VH}" preserveAspectRatio="xMidYMid slice">${scene}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: JPEG_QUALITY }).toBuffer();
}

/** A style nobody drew (or none) still gets a building: a seeded pick from all of them. */
function facadeStyle(rng: Rng, style: string | undefined): FacadeStyle {
  return FACADE_STYLES.find((s) => s === style) ?? rng.pick(FACADE_STYLES);
}
