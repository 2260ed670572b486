/**
 * Text written to a file on this machine in chunks of about 64 kB, waiting whenever the disk falls behind, so an
 * export can make several files in one reading of the data (decision H-exports: the activity files are written
 * while the long CSV streams into the zip) with memory flat.
 */
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';

export class SpillFile {
  private readonly out: WriteStream;
  private parts: string[] = [];
  private size = 0;

  constructor(readonly path: string) {
    this.out = createWriteStream(path);
  }

  async write(text: string): Promise<void> {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= 65_536) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.parts.length) return;
    const ok = this.out.write(this.parts.join(''));
    this.parts = [];
    this.size = 0;
    if (!ok) await once(this.out, 'drain');
  }

  async close(): Promise<void> {
    await this.flush();
    this.out.end();
    await once(this.out, 'close');
  }
}

/** Writes the text to a file at `path`, piece by piece; answers the path when the file is complete. */
export async function spillText(path: string, pieces: AsyncIterable<string>): Promise<string> {
  const file = new SpillFile(path);
  try {
    for await (const piece of pieces) await file.write(piece);
  } finally {
    await file.close();
  }
  return path;
}
