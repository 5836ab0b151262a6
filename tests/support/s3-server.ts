import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** The environment an app instance needs to use this server (STORAGE=s3). */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/** s3rver (an S3-compatible server from npm) on a free loopback port, with one bucket. */
export async function startS3Server(bucket = "rentals-test"): Promise<S3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "rentals-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
