import { z } from "zod";

/**
 * The table of contents of a backup archive. It is the first entry of the archive, so a restore
 * checks every later entry against it as the entry streams by, without holding the archive.
 */

export const BACKUP_FORMAT = "charter-oak-rentals-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = "manifest.json";
/** A manifest lists every file; even 100,000 photos stay far below this. */
export const MANIFEST_MAX_BYTES = 32 * 1024 * 1024;

/** The archive's top-level folders: the dump, and DATA_DIR's two folders of files, by name. */
export const DATABASE_ROOT = "database";
export const FILE_ROOTS = ["uploads", "tenant-files"] as const;
export type FileRoot = (typeof FILE_ROOTS)[number];

/** DATA_DIR's folder for tenants' documents: private (0700), its files 0600, as the app makes them. */
export const TENANT_FILES_ROOT: FileRoot = "tenant-files";

const ROOTS: readonly string[] = [DATABASE_ROOT, ...FILE_ROOTS];

/**
 * A path inside the archive that is safe to write under a folder: relative, "/"-separated, no
 * empty, "." or ".." segment, no backslash or control character, under one of the known roots.
 */
export function isSafeArchivePath(value: string): boolean {
  if (value.length === 0 || value.length > 1024) return false;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f || char === "\\") return false;
  }
  const segments = value.split("/");
  return (
    segments.length >= 2 &&
    ROOTS.includes(segments[0]!) &&
    segments.every((s) => s !== "" && s !== "." && s !== "..")
  );
}

export const tableFile = (table: string) => `${DATABASE_ROOT}/${table}.jsonl`;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);
const archivePath = z.string().refine(isSafeArchivePath, "is not a safe path inside the archive");

export const schemaVersionSchema = z.object({
  /** The migration's tag (its file name) when this version of the app knows it. */
  migration: z.string().nullable(),
  /** The journal's `when` of the latest applied migration: drizzle's own version marker. */
  when: z.number().int(),
  /** sha256 of that migration's SQL, as drizzle records it. */
  hash: sha256,
});
export type SchemaVersion = z.infer<typeof schemaVersionSchema>;

const manifestSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    formatVersion: z.literal(BACKUP_FORMAT_VERSION),
    app: z.object({ name: z.string(), version: z.string() }),
    createdAt: z.iso.datetime(),
    schema: schemaVersionSchema,
    database: z.object({
      tables: z.array(z.object({ name: identifier, rows: z.number().int().nonnegative() })),
      /** Identity sequences; `lastValue` null when the sequence was never used. */
      sequences: z.array(
        z.object({
          name: identifier,
          lastValue: z
            .string()
            .regex(/^-?\d+$/)
            .nullable(),
        }),
      ),
    }),
    /** Every entry after the manifest, in archive order. */
    files: z.array(
      z.object({ path: archivePath, size: z.number().int().nonnegative(), sha256: sha256 }),
    ),
    /** Files that rows referred to but that were not on disk when the backup was made. */
    missingFiles: z.array(z.string()),
  })
  .superRefine((manifest, ctx) => {
    const paths = new Set<string>();
    for (const file of manifest.files) {
      if (paths.has(file.path)) ctx.addIssue({ code: "custom", message: `${file.path} twice` });
      paths.add(file.path);
    }
    const dumps = manifest.files.filter((f) => f.path.startsWith(`${DATABASE_ROOT}/`));
    const expected = new Set(manifest.database.tables.map((t) => tableFile(t.name)));
    if (dumps.length !== expected.size || dumps.some((f) => !expected.has(f.path))) {
      ctx.addIssue({ code: "custom", message: "the database files do not match its tables" });
    }
  });

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest["files"][number];

/** The manifest's bytes as a Manifest, or a one-line reason why they are not one. */
export function parseManifest(bytes: Buffer): Manifest | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    return { error: "its manifest is not JSON" };
  }
  const format = (json as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== BACKUP_FORMAT) return { error: "it is not a backup of this app" };
  if (format.formatVersion !== BACKUP_FORMAT_VERSION) {
    return {
      error: `its format version ${String(format.formatVersion)} is not ${BACKUP_FORMAT_VERSION}, the one this version of the app reads`,
    };
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? ` (${issue.path.join(".")})` : "";
    return { error: `its manifest is invalid${where}: ${issue.message}` };
  }
  return parsed.data;
}
