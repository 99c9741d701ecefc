// The stylesheet is bundled by esbuild beside app.js (scripts/build-page.mjs).
declare module "*.css";
