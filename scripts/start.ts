// `npm start`: build the web client when it is missing or stale, then run the server in this
// same process — so the SIGTERM that npm forwards to its child reaches the server itself
// (with `a && b`, npm's child would be a shell that does not pass signals on).
import { ensureClient } from './ensure-client.mjs';

ensureClient();
await import('../apps/server/src/server.ts');
