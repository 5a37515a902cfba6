import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../errors';
import { checkMembershipLogo } from './membership-logo';

const solid = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real one-bit grey PNG: a few kilobytes on the wire, any size once decoded. */
function tinyFileHugePicture(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rowBytes = 1 + Math.ceil(width / 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(rowBytes * height), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(upload: Buffer) {
  const error = await checkMembershipLogo(upload).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!isAppError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.status, message: error.message, data: error.data };
}

describe('checkMembershipLogo', () => {
  it('accepts 50 pixels on one side and up to 1000 on the other', async () => {
    for (const [width, height] of [
      [50, 50],
      [1000, 50],
      [50, 1000],
    ] as const) {
      const checked = await checkMembershipLogo(await solid(width, height));
      expect(await sharp(checked.bytes).metadata(), `${width}×${height}`).toMatchObject({
        width,
        height,
      });
    }
  });

  it('refuses a 50 × 1,000,000 picture from its header, before decoding it', async () => {
    const upload = tinyFileHugePicture(50, 1_000_000);
    expect(upload.length).toBeLessThan(64 * 1024);
    expect(await sharp(upload).metadata()).toMatchObject({ width: 50, height: 1_000_000 });
    const started = performance.now();
    expect(await refusal(upload)).toEqual({
      status: 400,
      message: 'Cloud logo should be at most 1000 pixels wide and high',
      data: {
        errors: [
          {
            field: 'companyLogo',
            message: 'Cloud logo should be at most 1000 pixels wide and high',
          },
        ],
      },
    });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses one pixel over the limit on either side', async () => {
    expect((await refusal(await solid(1001, 50))).message).toBe(
      'Cloud logo should be at most 1000 pixels wide and high',
    );
    expect((await refusal(await solid(50, 1001))).message).toBe(
      'Cloud logo should be at most 1000 pixels wide and high',
    );
  });

  it("still answers the spec's message when neither side is 50 pixels", async () => {
    expect((await refusal(await solid(2000, 2000))).message).toBe(
      'Cloud logo should be 50 x 50 pixels',
    );
  });
});
