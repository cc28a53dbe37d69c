import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API and the translation host are the Fastify server (npm run dev).
const backend = 'http://localhost:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
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
    sourcemap: true,
    // antd's components are split per route by the bundler (each lazy page pulls what it uses);
    // only React, which every page needs, is pinned to a chunk of its own.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
