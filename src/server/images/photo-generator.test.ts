import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { generatePhoto } from "./photo-generator";
import { FACADE_STYLES, PHOTO_KINDS } from "./photo-kinds";

/** Mean absolute difference of two pictures, 0 to 255, on small greyscale copies. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const small = (image: Buffer) =>
    sharp(image).resize(64, 43, { fit: "fill" }).greyscale().raw().toBuffer();
  const [pa, pb] = await Promise.all([small(a), small(b)]);
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i]! - pb[i]!);
  return sum / pa.length;
}

describe("generatePhoto", () => {
  it("gives identical bytes for the same options", async () => {
    const options = { kind: "facade", seed: 42, style: "townhouse" } as const;
    const [a, b] = await Promise.all([generatePhoto(options), generatePhoto(options)]);
    expect(a.equals(b)).toBe(true);
    const [c, d] = await Promise.all([
      generatePhoto({ kind: "kitchen", seed: 7 }),
      generatePhoto({ kind: "kitchen", seed: 7 }),
    ]);
    expect(c.equals(d)).toBe(true);
  });

  it("draws visibly different pictures for different seeds", async () => {
    for (const kind of ["facade", "bedroom"] as const) {
      const [a, b] = await Promise.all([
        generatePhoto({ kind, seed: 1, style: "apartment", width: 480, height: 320 }),
        generatePhoto({ kind, seed: 2, style: "apartment", width: 480, height: 320 }),
      ]);
      expect(await difference(a, b)).toBeGreaterThan(6);
    }
  });

  it("draws a different building for each property type", async () => {
    const [apartment, house] = await Promise.all(
      ["apartment", "house"].map((style) =>
        generatePhoto({ kind: "facade", seed: 3, style, width: 480, height: 320 }),
      ),
    );
    expect(await difference(apartment!, house!)).toBeGreaterThan(6);
  });

  it("renders every kind and every facade style as a JPEG of the requested size", async () => {
    const requests = [
      ...PHOTO_KINDS.map((kind) => ({ kind, seed: 11 })),
      ...FACADE_STYLES.map((style) => ({ kind: "facade" as const, seed: 5, style })),
      { kind: "facade" as const, seed: 9, style: "castle" },
    ];
    for (const request of requests) {
      const bytes = await generatePhoto({ ...request, width: 600, height: 400 });
      const metadata = await sharp(bytes).metadata();
      expect(metadata).toMatchObject({ format: "jpeg", width: 600, height: 400 });
      // A picture, not a flat fill: its tones spread widely.
      const { channels } = await sharp(bytes).stats();
      expect(channels[0]!.stdev).toBeGreaterThan(15);
    }
  });

  it("defaults to 1600x1067 and crops other shapes instead of stretching", async () => {
    const full = await sharp(await generatePhoto({ kind: "living-room", seed: 4 })).metadata();
    expect(full).toMatchObject({ width: 1600, height: 1067 });
    const square = await sharp(
      await generatePhoto({ kind: "living-room", seed: 4, width: 500, height: 500 }),
    ).metadata();
    expect(square).toMatchObject({ width: 500, height: 500 });
  });

  it("refuses sizes that are not whole, positive and reasonable", async () => {
    for (const width of [0, -5, 10.5, 100_000]) {
      await expect(generatePhoto({ kind: "bathroom", seed: 1, width })).rejects.toThrow(RangeError);
    }
  });
});
