// The bench's baseline: a bare Fastify server (same Node, its own process) with one route that
// answers `{"status":"ok"}` as JSON — no plugins, no hooks, no logger. Every throughput of the
// app is printed as a ratio to this one, measured in the same run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
