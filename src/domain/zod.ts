import { z } from "zod";

/**
 * zod, configured before any schema exists. Without `jitless`, building an object schema probes
 * `new Function` for a faster parser; our Content-Security-Policy forbids eval, so the browser
 * blocks the probe and reports a violation on every page. Domain schemas import z from here.
 */
z.config({ jitless: true });

export { z };
