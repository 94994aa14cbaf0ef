// A reference next to the bench's baseline: the same bare Fastify route (bare-server.ts), but every
// answer carries the app's 13 security headers (decision 0009, worked out as the app does) and
// `cache-control: no-store`, set in one onRequest hook. health/bare-with-headers shows what the
// app's own request path costs beyond the header bytes every answer must carry (decision 0018).
import Fastify from 'fastify';
import { securityHeaders } from '../../apps/server/src/plugins/security-headers.ts';

const headers = { ...securityHeaders(), 'cache-control': 'no-store' };
const app = Fastify({ logger: false });
app.addHook('onRequest', (_request, reply, done) => {
  reply.headers(headers);
  done();
});
app.get('/', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
