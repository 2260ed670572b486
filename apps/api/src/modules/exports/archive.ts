/**
 * The export's zip, written as a stream to a file on this machine (issue 14, decision H-exports): each entry's text
 * is pulled from its generator only when the zip reaches it, in chunks, so memory stays flat whatever the size.
 * Byte-stable: entries in a fixed order, every entry's time the data's as-of instant (not the clock), fixed modes,
 * one compression level; the same data gives the same bytes, which the SHA-256 recorded with the file shows.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

export type ArchiveEntry = {
  /** The path inside the zip (forward slashes). */
  name: string;
} & (
  | {
      /** The entry's text, in pieces; pulled when the zip reaches the entry. */
      text: () => AsyncIterable<string>;
    }
  | {
      /**
       * A file on this machine, made alongside another entry's text or by a reading of its own that runs while the
       * zip writes the entries before it; the zip waits for it when it reaches the entry.
       */
      file: () => string | Promise<string>;
    }
);

/** Joins small strings into chunks of about 64 kB (a stream of one-line chunks is slow). */
async function* chunked(pieces: AsyncIterable<string>): AsyncGenerator<Buffer> {
  let parts: string[] = [];
  let size = 0;
  for await (const piece of pieces) {
    parts.push(piece);
    size += piece.length;
    if (size >= 65_536) {
      yield Buffer.from(parts.join(''), 'utf8');
      parts = [];
      size = 0;
    }
  }
  if (parts.length) yield Buffer.from(parts.join(''), 'utf8');
}

/**
 * The DOS time in a zip header is a local time: a Date whose local fields are the instant's UTC fields makes the
 * header the same on machines in any time zone (the entry's exact UTC time is in its extended timestamp field).
 */
function zipTime(asOf: Date): Date {
  return new Date(asOf.getTime() + asOf.getTimezoneOffset() * 60_000);
}

/** Writes the entries into a zip at `file`; answers its size and SHA-256. */
export async function writeZip(
  file: string,
  entries: readonly ArchiveEntry[],
  asOf: Date,
): Promise<{ byteSize: number; sha256: string }> {
  const zip = new ZipFile();
  const mtime = zipTime(asOf);
  // a generator that fails (the database went away) ends the zip with its error rather than leaving it waiting
  const output = zip.outputStream as unknown as Readable;
  const abort = (err: Error) => output.destroy(err);
  zip.on('error', abort);
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { mtime, mode: 0o100644, compressionLevel: 1 }, (cb) => {
      const open = async (): Promise<Readable> =>
        'file' in entry ? createReadStream(await entry.file()) : Readable.from(chunked(entry.text()));
      open().then((stream) => {
        stream.on('error', abort);
        cb(null, stream);
      }, abort);
    });
  }
  zip.end();
  const hash = createHash('sha256');
  let byteSize = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      byteSize += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(output, measure, createWriteStream(file));
  return { byteSize, sha256: hash.digest('hex') };
}
