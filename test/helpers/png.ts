/** A minimal PNG decoder for tests: checks the signature and chunk CRCs, inflates the image data. */
import { crc32, inflateSync } from 'node:zlib';

export function decodePng(buf: Buffer): { width: number; height: number; pixels: Buffer } {
  if (!buf.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) throw new Error('not a PNG signature');
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  for (;;) {
    const len = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + len);
    if (crc32(buf.subarray(at + 4, at + 8 + len)) !== buf.readUInt32BE(at + 8 + len)) throw new Error(`bad CRC in ${type}`);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8) throw new Error(`bit depth ${data[8]}`);
      channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[data[9]] ?? 0;
      if (!channels) throw new Error(`colour type ${data[9]}`);
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + len;
  }
  const pixels = inflateSync(Buffer.concat(idat));
  // One filter byte per row, then the row's samples.
  if (pixels.length !== height * (1 + width * channels)) throw new Error(`image data is ${pixels.length} bytes, expected ${height * (1 + width * channels)}`);
  return { width, height, pixels };
}
