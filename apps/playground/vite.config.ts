// Builds the page (index.html + src/page) into dist/page, which the Node server serves.
import { defineConfig } from "vite";

export default defineConfig({
  root: import.meta.dirname,
  base: "/",
  logLevel: "warn",
  build: {
    outDir: "dist/page",
    emptyOutDir: true,
    // Inlined assets would become data: URLs the page's CSP does not allow for scripts.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
});
