/**
 * The conversion thread's entry (started by convertInThread.ts): converts one file per message with convertToPdf
 * and answers with the PDF, or with why it failed. ConversionError's message is for the applicant, so it says so.
 */
import { parentPort } from 'node:worker_threads';
import { ConversionError, convertToPdf } from './convert';
import type { ConvertReply, ConvertRequest } from './convertInThread';

const port = parentPort!;

port.on('message', async ({ id, kind, bytes }: ConvertRequest) => {
  let reply: ConvertReply;
  try {
    const converted = await convertToPdf(kind, bytes);
    reply = { id, ok: true, bytes: converted.bytes, pages: converted.pages };
  } catch (error) {
    reply = {
      id,
      ok: false,
      forApplicant: error instanceof ConversionError,
      message: error instanceof Error ? error.message : String(error),
    };
  }
  port.postMessage(reply);
});
