/**
 * The shape of the code, checked by dependency-cruiser over the real import graph (type-only
 * imports included). `npm run deps` prints every violation; tests/unit/architecture.test.ts runs
 * the same rules in `npm test`, on this tree and on a small tree that breaks each rule on purpose
 * (tests/unit/architecture-fixtures/).
 *
 * - Tables (`<module>.table.ts`, gathered by `db/schema.ts` for drizzle-kit) are read and written
 *   only by repositories; migrations, seeds and tests aside.
 * - A server module is used by the rest of the server through its `index.ts`; a repository may
 *   still join another module's table.
 * - The server never imports the web app; the words and phrasing both tiers need live in
 *   `src/domain`.
 * - `src/domain` is isomorphic: no server, no web app, no Node built-ins.
 * - No import circle, type-only ones included.
 * - In the web app: the server for types only; `components/ui` and `lib` import no feature; one
 *   feature never reaches into another.
 */

/** Code that may touch any table or any module's internals: tests and the seeds. */
const testsAndSeeds = [
  "\\.test\\.tsx?$",
  "\\.test-helpers\\.ts$",
  "^tests/",
  "^src/server/db/",
  "^src/server/seed/",
  "^src/server/cli/seed\\.ts$",
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "tables-only-in-repositories",
      comment: "Only a repository (or another table, for a foreign key) imports a table.",
      severity: "error",
      from: { pathNot: [...testsAndSeeds, "\\.repository\\.ts$", "\\.table\\.ts$"] },
      to: { path: ["\\.table\\.ts$", "^src/server/db/schema\\.ts$"] },
    },
    {
      name: "modules-through-their-index",
      comment: "Another module's internals are reached through its index.ts only.",
      severity: "error",
      from: { path: "^src/server/modules/([^/]+)/", pathNot: testsAndSeeds },
      to: {
        path: "^src/server/modules/[^/]+/",
        pathNot: ["^src/server/modules/$1/", "/index\\.ts$", "\\.table\\.ts$"],
      },
    },
    {
      name: "server-uses-modules-through-their-index",
      comment: "Server code outside the modules reaches a module through its index.ts only.",
      severity: "error",
      from: { path: "^src/server/", pathNot: ["^src/server/modules/", ...testsAndSeeds] },
      to: { path: "^src/server/modules/[^/]+/", pathNot: ["/index\\.ts$", "\\.table\\.ts$"] },
    },
    {
      name: "server-not-web",
      comment: "The server never imports the web app: shared words belong in src/domain.",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/web/" },
    },
    {
      name: "domain-is-pure",
      comment: "src/domain is imported by both tiers and imports neither, nor Node built-ins.",
      severity: "error",
      from: { path: "^src/domain/" },
      to: { path: "^src/(server|web)/" },
    },
    {
      name: "domain-has-no-node-built-ins",
      severity: "error",
      from: { path: "^src/domain/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "no-circular",
      comment: "No import circle, type-only ones included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "web-uses-server-types-only",
      comment: "The browser bundle never carries server code: the web app imports it for types.",
      severity: "error",
      from: { path: "^src/web/" },
      to: { path: "^src/server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "web-ui-and-lib-import-no-feature",
      severity: "error",
      from: { path: "^src/web/(components/ui|lib)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^src/web/features/" },
    },
    {
      name: "web-features-apart",
      comment: "One feature never reaches into another: routes compose them.",
      severity: "error",
      from: { path: "^src/web/features/([^/]+)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^src/web/features/", pathNot: "^src/web/features/$1/" },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing is a typo or a missing package.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: {
      path: [
        "\\+types/",
        "^build/",
        "^src/server/db/migrations/",
        "^tests/unit/architecture-fixtures/",
      ],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    skipAnalysisNotInRules: true,
  },
};
