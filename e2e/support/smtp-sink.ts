// A real SMTP server for the end-to-end run (started by playwright.config.ts as a second webServer):
// accepts every message on SMTP_SINK_PORT and lists what it received as JSON on
// http://127.0.0.1:SMTP_SINK_HTTP_PORT/messages, so a spec can find the e-mail the app sent.
import http from 'node:http';
import { startSmtpSink } from '../../apps/server/test/jobs/smtp-sink.ts';

const sink = await startSmtpSink(Number(process.env.SMTP_SINK_PORT));
const listing = http
  .createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(request.url === '/messages' ? sink.messages : { ok: true }));
  })
  .listen(Number(process.env.SMTP_SINK_HTTP_PORT), '127.0.0.1');

const stop = () => {
  listing.close();
  void sink.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
