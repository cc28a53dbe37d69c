import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { antdStyles } from './antd-styles.ts';
import { chunkGroups } from './chunk-groups.ts';
import { contractTreeShaking } from './contract-tree-shaking.ts';
import { landingDocuments } from './landing-documents.ts';

// In development the API and the translation host are the Fastify server (npm run dev).
const backend = 'http://localhost:8080';

/**
 * `vite build --ssr src/server-render.tsx` builds the personal centre's server render for Node,
 * its dependencies in it (the production install keeps only the server's), beside the browser's
 * build rather than among the files the server publishes. Lazy parts stay files of their own,
 * loaded when a render first needs them.
 */
const serverRender = defineConfig({
  plugins: [react(), antdStyles(), contractTreeShaking()],
  // React's and antd's production builds, as in the browser: the two renders must agree (antd
  // names its classes differently in development).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: 'src/server-render.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRender : browserApp));

const browserApp = defineConfig({
  base: '/',
  plugins: [
    react(),
    antdStyles(),
    contractTreeShaking(),
    landingDocuments(),
    // Every text asset is also written as .br and .gz at the highest levels: the server picks one
    // by Accept-Encoding and never compresses the app on the fly. Tiny files get copies too (a few
    // bytes lost at most), so every asset is served the same way.
    compression({
      include: /\.(js|css|html|svg|json|txt)$/,
      threshold: 0,
      skipIfLargerOrEqual: false,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: zlib.Z_BEST_COMPRESSION }),
      ],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/locales': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The production build serves no source maps (they would publish the sources); `npm run dev`
    // has its own.
    sourcemap: false,
    // antd's components are split per route by the bundler (each lazy page pulls what it uses),
    // and the modules that always load together are grouped into one file (chunk-groups.ts).
    rolldownOptions: {
      // The app, and the small start of a page the server has rendered (src/after-paint.ts).
      input: { index: 'index.html', 'after-paint': 'src/after-paint.ts' },
      output: {
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
});
