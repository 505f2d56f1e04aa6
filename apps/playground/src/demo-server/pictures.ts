// The pictures the demo server draws: a bar chart and a shape, as rasters.
import type { Raster } from "./png";

/** The colours a demo tool can draw with, as RGB. */
export const COLOURS = {
  teal: [13, 148, 136],
  orange: [234, 88, 12],
  violet: [124, 58, 237],
} as const satisfies { readonly [name: string]: readonly [number, number, number] };

/** The name of a colour of {@link COLOURS}. */
export type ColourName = keyof typeof COLOURS;

function blank(width: number, height: number): Raster {
  const pixels = new Uint8Array(width * height * 4).fill(255);
  return { width, height, pixels };
}

function paint(raster: Raster, x: number, y: number, colour: readonly [number, number, number]): void {
  const offset = (y * raster.width + x) * 4;
  raster.pixels.set([colour[0], colour[1], colour[2], 255], offset);
}

/**
 * A bar chart of `values` (each bar 10 pixels wide, scaled to the largest value).
 *
 * @example
 * ```ts
 * const raster = drawBars([3, 1, 2], "teal");
 * ```
 */
export function drawBars(values: readonly number[], colour: ColourName): Raster {
  const height = 64;
  const width = Math.max(values.length, 1) * 12 + 4;
  const raster = blank(width, height);
  const largest = Math.max(...values.map(Math.abs), 1e-9);
  values.forEach((value, index) => {
    const barHeight = Math.round((Math.abs(value) / largest) * (height - 8));
    for (let x = 4 + index * 12; x < 14 + index * 12; x++) {
      for (let y = height - 4 - barHeight; y < height - 4; y++) paint(raster, x, y, COLOURS[colour]);
    }
  });
  for (let x = 0; x < width; x++) paint(raster, x, height - 4, [60, 60, 60]);
  return raster;
}

/** A shape to draw: a circle or a rectangle, in pixels. */
export type Shape = { kind: "circle"; radius: number } | { kind: "rectangle"; width: number; height: number };

/**
 * The shape, filled, on a white canvas 8 pixels larger on each side.
 *
 * @example
 * ```ts
 * const raster = drawShape({ kind: "circle", radius: 10 }, "violet");
 * ```
 */
export function drawShape(shape: Shape, colour: ColourName): Raster {
  const [w, h] = shape.kind === "circle" ? [shape.radius * 2, shape.radius * 2] : [shape.width, shape.height];
  const raster = blank(w + 16, h + 16);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const inside =
        shape.kind === "rectangle" ||
        (x + 0.5 - shape.radius) ** 2 + (y + 0.5 - shape.radius) ** 2 <= shape.radius ** 2;
      if (inside) paint(raster, x + 8, y + 8, COLOURS[colour]);
    }
  }
  return raster;
}
