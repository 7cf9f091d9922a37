import sharp from 'sharp';

/**
 * A photo's 64-bit perceptual hash, dHash (docs/decisions/0061-automatic-moderation-checks.md): the
 * photo shrunk to 9×8 grey pixels, one bit per pair of horizontal neighbours, set when the left one
 * is brighter. Re-encoding, resizing, light compression or a small brightness change move few bits;
 * another photo differs in about half of them. Answered as a signed 64-bit value, as PostgreSQL's
 * bigint stores it.
 */
export async function photoHash(image: Buffer): Promise<bigint> {
  const pixels = await sharp(image, { failOn: 'none' })
    .rotate()
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const left = pixels[row * 9 + col]!;
      const right = pixels[row * 9 + col + 1]!;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** How many of the 64 bits differ between two hashes. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (x) {
    bits += Number(x & 1n);
    x >>= 1n;
  }
  return bits;
}
