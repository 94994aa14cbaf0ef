// A real SMTP server for tests (smtp-server on a random local port) that keeps what it receives.
import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** Connections the server has seen: in all, open now, and the most open at once. */
export type SmtpConnections = { total: number; open: number; peak: number };

/**
 * A real SMTP server on `port` (0: any free port) that keeps what it receives. `rejects(address)`:
 * recipients it refuses with a permanent 550 (a mailbox that does not exist: a bounce).
 */
export async function startSmtp(port = 0, rejects: (address: string) => boolean = () => false): Promise<{ port: number; received: ReceivedMail[]; connections: SmtpConnections; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const connections: SmtpConnections = { total: 0, open: 0, peak: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections.total += 1;
      connections.open += 1;
      connections.peak = Math.max(connections.peak, connections.open);
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (rejects(address.address)) {
        const err = Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 });
        callback(err);
        return;
      }
      callback();
    },
    onClose() {
      connections.open -= 1;
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => (raw += c));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as net.AddressInfo;
  return { port: address.port, received, connections, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A mail's body as text: quoted-printable soft breaks and escapes undone. */
export const decodeBody = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
