// A PNG one pixel wide and `height` pixels tall, all black, RGB: at 39,999,000 rows it is about
// 155 KB (rows of zeros deflate about 1,000 to 1) and within 40 megapixels, yet its decode took
// 6.5–10 s (docs/ARCHITECTURE.md, "Uploads"). Shared by bench/abuse-images.mjs and the API tests.
import { crc32, deflateSync } from 'node:zlib';

export function tallPng(height) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    // each row: filter byte 0, then one RGB pixel
    chunk('IDAT', deflateSync(Buffer.alloc(height * 4), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
