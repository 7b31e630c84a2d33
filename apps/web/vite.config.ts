import { writeFileSync } from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** Stamps the build with a version that /pub/version reports, so open tabs can offer a reload. */
function versionStamp(): Plugin {
  const version = `${process.env.npm_package_version ?? "0.0.0"}+${Date.now().toString(36)}`;
  return {
    name: "holboo-version",
    apply: "build",
    writeBundle(options) {
      writeFileSync(path.join(options.dir ?? "dist", "version.json"), JSON.stringify({ version }));
    },
  };
}

export default defineConfig({
  plugins: [react(), versionStamp()],
  server: {
    port: 5173,
    proxy: {
      "/api": "http://127.0.0.1:3000",
      "/pub/version": "http://127.0.0.1:3000",
      "/socket.io": { target: "http://127.0.0.1:3000", ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each entry and lazy screen pulls in, for `npm run size`.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            // Only what the first screen needs: libraries of lazy screens (dates, the article editor) load with them.
            { name: "mantine", test: /node_modules[\\/]@mantine[\\/]/, tags: ["$initial"], priority: 2 },
            { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"], priority: 1 },
            // Our own modules that the first screen shares with lazy ones: one chunk, not a dozen small requests.
            { name: "app", test: /[\\/](apps[\\/]web|packages[\\/]core)[\\/]src[\\/]/, tags: ["$initial"], priority: 0 },
          ],
        },
      },
    },
  },
});
