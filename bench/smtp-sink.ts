// The bench's mail server: a local SMTP receiver in a process of its own, as a real server would
// be, so receiving does not share the delivering process's CPU. It accepts every mail and tells
// its parent (IPC) the recipient of each one as it arrives.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      process.send!({ received: session.envelope.rcptTo.map((recipient) => recipient.address) });
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.server.address() as AddressInfo).port });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
