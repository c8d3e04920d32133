import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import solid from "vite-plugin-solid";

/**
 * The build writes over the last one and then deletes the assets the new one no longer names, instead of emptying
 * dist first: a running `npm start` (wrangler watches dist) that reloaded while dist was empty answered every path
 * 404 until restarted. This way dist is a whole site at every moment of a build.
 */
function pruneStaleAssets(): Plugin {
  return {
    name: "spielcenter-prune-stale-assets",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = join(options.dir!, "assets");
      for (const file of readdirSync(dir)) if (!(`assets/${file}` in bundle)) rmSync(join(dir, file));
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [solid(), pruneStaleAssets()],
  build: {
    outDir: "dist",
    emptyOutDir: false,
    target: "es2022",
  },
});
