import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // All of the app's CSS (about 5 KB compressed) in one stylesheet: one render-blocking request
        // instead of one per component, which matters most on slow mobile networks.
        // The back office's CSS (its module and uPlot's) stays in a stylesheet of its own, loaded only
        // under /admin.
        manualChunks: (id) => {
          if (!/\.css($|\?(?!url))/.test(id) || id.includes('?url')) return undefined;
          return /\/app\/admin\/|\/node_modules\/uplot\//.test(id) ? 'admin-styles' : 'styles';
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
