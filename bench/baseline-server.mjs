// The baseline of every throughput figure: Fastify answering a constant JSON, nothing else.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/baseline", async () => ({ status: "ok", database: "up" }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
console.log(`ready ${app.server.address().port}`);
