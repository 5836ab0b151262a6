import { config } from "zod/mini";

/**
 * zod/mini, configured like src/domain/zod.ts (jitless: the CSP forbids eval; the setting is zod
 * core's, so classic and mini share it). For browser-side schemas outside the forms' classic
 * ones: mini's functions tree-shake, classic zod's methods do not. Import it as a namespace,
 * `import * as z from "./zod-mini"`: re-exporting a namespace object instead would make
 * bundlers keep all of zod/mini.
 */
config({ jitless: true });

export * from "zod/mini";
