import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { COMMANDS, UsageError } from './commands.ts';

export const socketPath = (dataDir: string) => path.join(dataDir, 'crs.sock');

type Request = { command: string; argv: string[] };
type Response = { ok: boolean; output: string; usage?: boolean };

/**
 * While the server holds the embedded database, the CLI reaches it through a Unix socket in the
 * data directory (mode 0600: only the owner of the data can use it). One JSON line each way.
 */
export function serveAdminSocket(ctx: AppContext): net.Server {
  const file = socketPath(ctx.config.dataDir);
  if (existsSync(file)) unlinkSync(file); // we hold the data-dir lock, so it is stale
  const server = net.createServer((conn) => {
    let buf = '';
    conn.setEncoding('utf8');
    conn.on('data', (chunk: string) => {
      buf += chunk;
      if (buf.length > 64 * 1024) return conn.destroy();
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      void handle(buf.slice(0, nl)).then((res) => conn.end(JSON.stringify(res) + '\n'));
    });
    conn.on('error', () => {});
  });
  const handle = async (line: string): Promise<Response> => {
    try {
      const req = JSON.parse(line) as Request;
      const cmd = COMMANDS[req.command];
      if (!cmd) return { ok: false, output: `Unknown command ${req.command}`, usage: true };
      if (!cmd.remote) return { ok: false, output: `${req.command} cannot run while the server is running: stop it first.` };
      return { ok: true, output: await cmd.run(ctx, Array.isArray(req.argv) ? req.argv.map(String) : []) };
    } catch (err) {
      return { ok: false, output: (err as Error).message, usage: err instanceof UsageError };
    }
  };
  server.listen(file, () => chmodSync(file, 0o600));
  return server;
}

/** Sends one command to a running server; resolves with its answer. */
export function sendToServer(dataDir: string, req: Request): Promise<Response> {
  return new Promise((resolve, reject) => {
    const conn = net.createConnection(socketPath(dataDir));
    let buf = '';
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write(JSON.stringify(req) + '\n'));
    conn.on('data', (c: string) => (buf += c));
    conn.on('end', () => {
      try {
        resolve(JSON.parse(buf) as Response);
      } catch {
        reject(new Error('The server closed the admin socket without an answer.'));
      }
    });
    conn.on('error', reject);
  });
}
