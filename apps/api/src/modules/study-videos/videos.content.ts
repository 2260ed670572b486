/**
 * What an uploaded video really is (decision H-study-videos), by its bytes, never the Content-Type header: an
 * ISO base media file (MP4) or a QuickTime movie (MOV) by its `ftyp` box and brand, a WebM by its EBML header and
 * "webm" document type. Anything else (another Matroska, an image, a PDF renamed .mp4) is refused.
 */
const ascii = (data: Uint8Array, from: number, to: number) => Buffer.from(data.subarray(from, to)).toString('latin1');

/** QuickTime files written before `ftyp` existed start with one of these boxes. */
const QUICKTIME_FIRST_BOXES = new Set(['moov', 'mdat', 'wide']);

export function sniffVideoType(data: Uint8Array): 'video/mp4' | 'video/quicktime' | 'video/webm' | null {
  if (data.length >= 12) {
    const box = ascii(data, 4, 8);
    if (box === 'ftyp') return ascii(data, 8, 12) === 'qt  ' ? 'video/quicktime' : 'video/mp4';
    if (QUICKTIME_FIRST_BOXES.has(box)) return 'video/quicktime';
  }
  if (data.length >= 4 && data[0] === 0x1a && data[1] === 0x45 && data[2] === 0xdf && data[3] === 0xa3) {
    // the DocType element (id 0x42 0x82, a one-byte size) saying "webm", within the EBML header at the start
    for (let i = 4; i + 7 <= Math.min(data.length, 64); i++) {
      if (data[i] === 0x42 && data[i + 1] === 0x82 && ascii(data, i + 3, i + 7) === 'webm') return 'video/webm';
    }
  }
  return null;
}
