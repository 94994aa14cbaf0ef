// A reference next to the bench's baseline: the same bare Fastify route (bare-server.ts), but every
// answer carries the headers the app's API answers carry (API_HEADERS: CSP, nosniff, no referrer,
// no framing, CORP and `cache-control: no-store`; decision 0042), set in one onRequest hook.
// health/bare-with-headers shows what the app's own request path costs beyond the header bytes every
// API answer must carry (decision 0018).
import Fastify from 'fastify';
import { API_HEADERS } from '../../apps/server/src/plugins/security-headers.ts';

const app = Fastify({ logger: false });
app.addHook('onRequest', (_request, reply, done) => {
  reply.headers(API_HEADERS);
  done();
});
app.get('/', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
