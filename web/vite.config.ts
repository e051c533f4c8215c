import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const backend = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The contract with the API (REST answers, websocket messages), shared with the server's code.
    alias: {
      '@lorawatch/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Vendor code changes less often than ours: separate chunks cache better.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          // The map libraries stay with the lazily loaded map, out of the first page load.
          if (/[\\/](maplibre-gl|react-map-gl|@vis\.gl)[\\/]/.test(id)) return undefined;
          if (id.includes('@mantine')) return 'mantine';
          if (/[\\/](rxjs|socket\.io-client|engine\.io-client|observable-hooks)[\\/]/.test(id))
            return 'streams';
          return 'vendor';
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Dates in the tests are asserted in UTC; the app itself formats in the browser's zone.
    env: { TZ: 'UTC' },
    // Typing through user-event is slow on a busy two-core machine; a flow test may take several seconds.
    testTimeout: 20_000,
  },
});
