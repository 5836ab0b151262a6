import { renderToReadableStream } from "react-dom/server.edge";
import { describe, expect, it } from "vitest";
import type { Photo } from "#domain/listings";
import { ResponsiveImage } from "./responsive-image";

const photo: Photo = {
  url: "/uploads/images/abc/1200.webp",
  srcSet: "/uploads/images/abc/480.webp 480w, /uploads/images/abc/768.webp 768w",
  width: 1200,
  height: 800,
  alt: "Brick front of a building",
};
const sizes = "(min-width: 640px) 50vw, 100vw";

/** The page as the server sends it: the preloads React hoists into <head>, then the image. */
async function serverHtml(element: React.ReactNode): Promise<string> {
  const stream = await renderToReadableStream(
    <html lang="en">
      <head />
      <body>{element}</body>
    </html>,
  );
  await stream.allReady;
  return new Response(stream).text();
}

const preloads = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
const img = (html: string) => html.match(/<img [^>]*>/)?.[0] ?? "";

describe("a photo's loading priority", () => {
  it("the first visible photo is preloaded at high priority and loads eagerly", async () => {
    const html = await serverHtml(<ResponsiveImage photo={photo} sizes={sizes} priority />);
    expect(preloads(html)).toHaveLength(1);
    expect(preloads(html)[0]).toContain('fetchPriority="high"');
    expect(preloads(html)[0]).not.toContain("media=");
    expect(img(html)).toContain('loading="eager"');
    expect(img(html)).toContain('fetchPriority="high"');
  });

  it("one first visible only on wide screens is preloaded there, and lazy on a phone", async () => {
    const html = await serverHtml(
      <ResponsiveImage photo={photo} sizes={sizes} priority priorityMedia="(min-width: 640px)" />,
    );
    // One preload, bound to the wide screens: none React adds for an eager image.
    expect(preloads(html)).toHaveLength(1);
    expect(preloads(html)[0]).toContain('media="(min-width: 640px)"');
    expect(preloads(html)[0]).toContain('fetchPriority="high"');
    expect(img(html)).toContain('loading="lazy"');
    expect(img(html)).toContain('fetchPriority="auto"');
  });

  it("another photo is neither preloaded nor eager", async () => {
    const html = await serverHtml(<ResponsiveImage photo={photo} sizes={sizes} />);
    expect(preloads(html)).toHaveLength(0);
    expect(img(html)).toContain('loading="lazy"');
  });
});
