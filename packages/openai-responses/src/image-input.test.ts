import { describe, expect, it } from "vitest";
import { IMAGES } from "@x/testing";
import { imageDataUri } from "./image-input";

describe("imageDataUri", () => {
  it.each([
    ["image/png", IMAGES.png, `data:image/png;base64,${IMAGES.png}`],
    ["image/jpeg", IMAGES.jpeg, `data:image/jpeg;base64,${IMAGES.jpeg}`],
    ["image/gif", IMAGES.gif, `data:image/gif;base64,${IMAGES.gif}`],
    ["image/webp", IMAGES.webp, `data:image/webp;base64,${IMAGES.webp}`],
    ["IMAGE/PNG; charset=binary", IMAGES.png, `data:image/png;base64,${IMAGES.png}`],
    ["image/jpg", IMAGES.jpeg, `data:image/jpeg;base64,${IMAGES.jpeg}`],
    ["image/png", IMAGES.jpeg, `data:image/jpeg;base64,${IMAGES.jpeg}`],
  ])("%s is an input image", (mimeType, data, uri) => {
    expect(imageDataUri(mimeType, data)).toBe(uri);
  });

  it.each([
    ["a type the API does not read", "image/svg+xml", IMAGES.svg],
    ["a type the API does not read, even with PNG bytes", "image/bmp", IMAGES.png],
    ["bytes of no format the API reads", "image/png", IMAGES.svg],
    ["data that is not base64", "image/png", `${IMAGES.png.slice(0, -4)}!!!=`],
    ["base64 of the wrong length", "image/png", IMAGES.png.slice(0, -1)],
    ["base64 with a line break", "image/png", `${IMAGES.png.slice(0, 8)}\n${IMAGES.png.slice(8)}`],
    ["empty data", "image/png", ""],
  ])("%s stays a placeholder", (_, mimeType, data) => {
    expect(imageDataUri(mimeType, data)).toBeUndefined();
  });
});
