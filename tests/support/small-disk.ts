import { spawnSync } from "node:child_process";
import { open, rm } from "node:fs/promises";
import path from "node:path";
import { tempDataDir } from "./app-process";

/**
 * For failure drills: a small file system of its own (tmpfs, `size` bytes) that a test can fill
 * to the last byte and free again. Mounting needs root (CI runs as root in its container); where
 * the kernel or the sandbox refuses, `mountSmallDisk` says why instead of mounting.
 */
export type SmallDisk = {
  dir: string;
  /**
   * Writes a filler file until the disk refuses even one more byte (ENOSPC), then gives back
   * `leave` bytes of it: a write larger than that fails halfway through.
   */
  fill(leave?: number): Promise<void>;
  /** Removes the filler. */
  free(): Promise<void>;
  /** Unmounts and removes the mount point. */
  close(): Promise<void>;
};

export async function mountSmallDisk(
  size = 8 * 1024 * 1024,
): Promise<SmallDisk | { refused: string }> {
  const dir = await tempDataDir();
  const mounted = spawnSync(
    "mount",
    ["-t", "tmpfs", "-o", `size=${size},mode=0755`, "tmpfs", dir],
    {
      encoding: "utf8",
    },
  );
  if (mounted.status !== 0) {
    await rm(dir, { recursive: true, force: true });
    const reason = mounted.error?.message ?? mounted.stderr.trim() ?? `exit ${mounted.status}`;
    return { refused: `mounting a tmpfs was refused (${reason})` };
  }
  const filler = path.join(dir, ".filler");
  return {
    dir,
    async fill(leave = 0) {
      const handle = await open(filler, "a");
      try {
        // Big writes first, then smaller ones, down to a single byte: no page is left free.
        for (const chunk of [1024 * 1024, 64 * 1024, 4096, 512, 1]) {
          const bytes = Buffer.alloc(chunk, 0x61);
          while (true) {
            try {
              await handle.write(bytes);
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
              throw error;
            }
          }
        }
        const { size: written } = await handle.stat();
        if (written < size / 2) throw new Error("The small disk did not fill up.");
        await handle.truncate(written - leave);
      } finally {
        await handle.close();
      }
    },
    async free() {
      await rm(filler, { force: true });
    },
    async close() {
      spawnSync("umount", ["-l", dir]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
