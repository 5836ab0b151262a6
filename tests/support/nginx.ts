import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

// Debian puts nginx in /usr/sbin, which an ordinary user's PATH may not include.
const NGINX = existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";

/** Whether Debian's nginx is installed (CI installs it). */
export const hasNginx = spawnSync(NGINX, ["-v"]).status === 0;

/**
 * nginx as a load balancer in front of app instances on loopback: round robin, forwarding the
 * client's address and protocol, and trying the next instance when one refuses the connection
 * (or answers 502).
 * Its files (configuration, pid, temporaries) stay in `dir`.
 */
export async function startNginx(
  dir: string,
  port: number,
  upstreams: number[],
  /** More `location` blocks for the server (the bench adds one nginx answers alone). */
  extraLocations = "",
) {
  if (!hasNginx) {
    throw new Error(
      "No nginx for the scale-out test: install it (Debian: apt-get install -y nginx).",
    );
  }
  await mkdir(dir, { recursive: true });
  // nginx's workers run as an unprivileged user: they must reach their temporary folders.
  await chmod(dir, 0o777);
  const conf = path.join(dir, "nginx.conf");
  await writeFile(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 30m;
  upstream app {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n")}
    # Reused connections to the instances, as a production balancer keeps them: a new one per
    # request would halve what an instance serves.
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
${extraLocations}
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host:$server_port;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # As an operator sets it: another instance gets a request that could not be delivered, or
      # that got a 502; nginx never resends a POST it has already sent.
      proxy_next_upstream error timeout http_502;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(
    NGINX,
    ["-e", path.join(dir, "error.log"), "-c", conf, "-p", dir],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`nginx did not answer:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      await exited;
    },
  };
}
