/** For tests: the real encoder, counting the texts it is asked to embed. */
import { type SentenceEncoder, universalSentenceEncoder } from "./sentence-encoder.ts";

export function countingEncoder() {
  const embedded: string[] = [];
  const encoder: SentenceEncoder = {
    id: universalSentenceEncoder.id,
    reads: (text) => universalSentenceEncoder.reads(text),
    embed: (texts) => {
      embedded.push(...texts);
      return universalSentenceEncoder.embed(texts);
    },
  };
  return { encoder, embedded };
}
