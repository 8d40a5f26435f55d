/**
 * The PDF copy's thread entry (started by buildInThread.ts): builds one application PDF per message with
 * buildApplicationPdf and answers with its bytes and pages, or with why it failed.
 */
import { parentPort } from 'node:worker_threads';
import { buildApplicationPdf } from './build';
import type { BuildReply, BuildRequest } from './buildInThread';

const port = parentPort!;

port.on('message', async ({ id, input }: BuildRequest) => {
  let reply: BuildReply;
  try {
    const pdf = await buildApplicationPdf(input);
    reply = { id, ok: true, bytes: pdf.bytes, pages: pdf.pages };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
