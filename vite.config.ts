import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Hashed assets are served with a one-year immutable cache; keep them small and many.
    assetsInlineLimit: 0,
  },
});
